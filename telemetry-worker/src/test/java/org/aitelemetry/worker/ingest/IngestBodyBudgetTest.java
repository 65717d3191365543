package org.aitelemetry.worker.ingest;

import static org.aitelemetry.worker.ingest.IngestContract.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
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
            holders.add(UnsentBody.hold(WEBHOOK, token("alerts-writer"), LIMIT, "{\"version\":"));
            await().atMost(Duration.ofSeconds(10)).until(() -> budget.availableKib() == 0);

            assertBusy(UnsentBody.post(WEBHOOK, token("alerts-writer"), LIMIT));
            assertBusy(UnsentBody.post(PROBE_RUNS, token("probe-writer"), 1024));
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
        assertThat(UnsentBody.post(WEBHOOK, "not-a-jwt", LIMIT).status()).isEqualTo(401);
        assertThat(budget.availableKib()).isEqualTo(whole);
    }

    private static void assertBusy(UnsentBody.Answer answer) {
        assertThat(answer.status()).isEqualTo(503);
        assertThat(answer.headers()).containsEntry("retry-after", "2");
        assertThat(answer.body()).contains("\"title\":\"Ingest busy\"");
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
