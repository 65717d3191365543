package org.aitelemetry.worker.ingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.alert.IngestSecurityProfile;
import org.junit.jupiter.api.Test;

/**
 * The ingest body budget (issue 18, item 10) with the app's default 4 MiB budget: a request that declared a 4 MiB
 * body and is still sending it holds all of it, so another on either ingest endpoint gets 503 with Retry-After before
 * it sent a byte of its body (the budget is taken before the body is read); once the holder's connection is gone the
 * budget is whole again and bodies are stored.
 */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
class IngestBodyBudgetTest {

    private static final String WEBHOOK = "/api/ingest/v1/alertmanager";
    private static final String PROBE_RUNS = "/api/ingest/v1/probe-runs";
    private static final int LIMIT = 4 * 1024 * 1024;

    @Inject
    IngestBodyBudget budget;

    @Test
    void aBodyWithoutRoomIsRefusedUnreadAndTheBudgetReturnsWhenItsHoldersGo() throws IOException {
        int whole = budget.availableKib();
        List<Socket> holders = new ArrayList<>();
        try {
            holders.add(declare(WEBHOOK, token("alerts-writer"), LIMIT, "{\"version\":"));
            await().atMost(Duration.ofSeconds(10)).until(() -> budget.availableKib() == 0);

            assertThat(answerUnsent(WEBHOOK, token("alerts-writer"), LIMIT))
                    .contains("HTTP/1.1 503").containsIgnoringCase("Retry-After");
            assertThat(answerUnsent(PROBE_RUNS, token("probe-writer"), 1024))
                    .contains("HTTP/1.1 503").containsIgnoringCase("Retry-After");
        } finally {
            for (Socket holder : holders) {
                holder.close();
            }
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> budget.availableKib() == whole);
        given().auth().oauth2(token("alerts-writer")).contentType(ContentType.JSON).body(fixture())
                .post(WEBHOOK).then().statusCode(200);
        // Released by the route's end handler, which may run just after the client has read the answer.
        await().atMost(Duration.ofSeconds(10)).until(() -> budget.availableKib() == whole);
    }

    @Test
    void aCallerWithoutTokenTakesNoBudget() throws IOException {
        int whole = budget.availableKib();
        assertThat(answerUnsent(WEBHOOK, "not-a-jwt", LIMIT)).contains("HTTP/1.1 401");
        assertThat(budget.availableKib()).isEqualTo(whole);
    }

    /** Sends the head of a request and the start of its body, and keeps the connection open. */
    private static Socket declare(String path, String token, int bytes, String bodyStart) throws IOException {
        Socket socket = new Socket("127.0.0.1", RestAssured.port);
        socket.getOutputStream().write((head(path, token, bytes) + bodyStart).getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }

    /** The status line and headers of the answer to a request whose body is never sent. */
    private static String answerUnsent(String path, String token, int bytes) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(head(path, token, bytes).getBytes(StandardCharsets.US_ASCII));
            BufferedReader reader = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.US_ASCII));
            StringBuilder answer = new StringBuilder();
            for (String line = reader.readLine(); line != null && !line.isEmpty(); line = reader.readLine()) {
                answer.append(line).append('\n');
            }
            return answer.toString();
        }
    }

    private static String head(String path, String token, int bytes) {
        return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token + "\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + bytes + "\r\n\r\n";
    }

    private static String token(String role) {
        return OidcWiremockTestResource.getAccessToken("ingest", Set.of(role));
    }

    private static byte[] fixture() throws IOException {
        try (InputStream in = IngestBodyBudgetTest.class.getResourceAsStream(
                "/alertmanager/alertmanager-0.25-firing.json")) {
            return in.readAllBytes();
        }
    }
}
