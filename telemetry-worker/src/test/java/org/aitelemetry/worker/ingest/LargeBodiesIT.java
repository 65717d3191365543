package org.aitelemetry.worker.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.oidc.LocalTokenIssuer;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.process.QuarkusAppComponent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 18, item 10, with the packaged worker as its own JVM under the heap docs/architecture.md recommends: eight
 * webhook bodies just under the 4 MiB limit (each ~2,800 alerts with long labels), posted at once. The issue asks for
 * four; on two cores four passed even without the body budget, eight ran out of heap, so eight make a test that fails
 * without it. Every answer is 2xx or a 503 with Retry-After (a body the budget had no room for), the worker stays live
 * and logs no OutOfMemoryError, and once the 503s are re-sent as Alertmanager would, every alert of every body is
 * stored. 45–85 s on two shared cores, with the start of PostgreSQL and the worker.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LargeBodiesIT {

    private static final Path RUNNER = Path.of("target/quarkus-app/quarkus-run.jar");
    private static final List<String> RECOMMENDED_JVM = List.of("-Xmx96m", "-XX:+UseSerialGC",
            "-XX:MaxMetaspaceSize=96m", "-Xss512k");
    private static final String WEBHOOK = "/api/ingest/v1/alertmanager";
    private static final int BODIES = 8;
    /** quarkus.http.limits.max-body-size=4M. */
    private static final int LIMIT = 4 * 1024 * 1024;
    private static final int RETRIES = 20;

    private Workspace workspace;
    private PostgresComponent postgres;
    private QuarkusAppComponent worker;
    private String database;
    private String token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    void start() throws Exception {
        workspace = Workspace.fromSystemProperties();
        postgres = new PostgresComponent(workspace, "postgres-large-bodies-it");
        postgres.start();
        database = postgres.createDatabase("bodies");
        LocalTokenIssuer issuer = LocalTokenIssuer.generate();
        token = issuer.mint("alertmanager", List.of("alerts-writer"), Duration.ofHours(1));
        Map<String, String> config = new HashMap<>(issuer.appConfig());
        config.putAll(Map.of(
                "quarkus.datasource.reactive.url", postgres.reactiveUrl(database),
                "quarkus.datasource.jdbc.url", postgres.jdbcUrl(database),
                "quarkus.datasource.username", PostgresComponent.USER,
                "quarkus.datasource.password", PostgresComponent.PASSWORD,
                "telemetry.sync.every", "off",
                "telemetry.usage.every", "off",
                "telemetry.sessions.every", "1s"));
        worker = new QuarkusAppComponent("worker-large-bodies-it", RUNNER, LoopbackPorts.free(), config,
                RECOMMENDED_JVM, workspace);
        worker.start();
    }

    @AfterAll
    void stop() {
        if (worker != null) {
            worker.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void eightBodiesOfFourMebibytesAtOnceAreStoredWholeWithoutRunningOutOfHeap() throws Exception {
        List<Body> bodies = new ArrayList<>();
        for (int i = 0; i < BODIES; i++) {
            bodies.add(Body.justUnder(LIMIT, "b" + i));
        }
        List<CompletableFuture<HttpResponse<String>>> answers = bodies.stream().map(this::post).toList();
        List<Body> refused = new ArrayList<>();
        for (int i = 0; i < BODIES; i++) {
            HttpResponse<String> answer = answers.get(i).join();
            assertThat(answer.statusCode()).as("answer to body %d: %s", i, answer.body()).isIn(200, 503);
            if (answer.statusCode() == 503) {
                assertThat(answer.headers().firstValue("Retry-After")).isPresent();
                refused.add(bodies.get(i));
            }
        }
        System.out.printf("LargeBodiesIT: %d of %d bodies answered 503 at first%n", refused.size(), BODIES);
        for (Body body : refused) {
            retryUntilStored(body);
        }

        assertThat(status(worker.managementUrl() + "/q/health/live")).isEqualTo(200);
        assertThat(Files.readString(worker.logFile())).doesNotContain("OutOfMemoryError");
        for (Body body : bodies) {
            assertThat(storedAlerts(body.prefix())).as("alerts of body %s in PostgreSQL", body.prefix())
                    .isEqualTo(body.alerts());
        }
    }

    @Test
    void aBodyOverTheLimitGets413Unread() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", URI.create(worker.url()).getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("POST " + WEBHOOK + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Authorization: Bearer " + token + "\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + (LIMIT + 1) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            String status = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine();
            assertThat(status).startsWith("HTTP/1.1 413");
        }
        assertThat(status(worker.managementUrl() + "/q/health/live")).isEqualTo(200);
    }

    /** What Alertmanager does with a 503: sends the same body again, after a pause. */
    private void retryUntilStored(Body body) throws InterruptedException {
        for (int attempt = 0; attempt < RETRIES; attempt++) {
            Thread.sleep(500);
            HttpResponse<String> answer = post(body).join();
            if (answer.statusCode() == 200) {
                return;
            }
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(503);
        }
        throw new AssertionError("body " + body.prefix() + " was refused " + RETRIES + " times");
    }

    private CompletableFuture<HttpResponse<String>> post(Body body) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(worker.url() + WEBHOOK))
                .timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.json()))
                .build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }

    private int status(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private long storedAlerts(String prefix) throws SQLException {
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(database), PostgresComponent.USER,
                PostgresComponent.PASSWORD);
                PreparedStatement statement = connection.prepareStatement(
                        "SELECT count(DISTINCT fingerprint) FROM alert_notification WHERE fingerprint LIKE ?")) {
            statement.setString(1, prefix + "-%");
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        }
    }

    /** A realistic large webhook body: many firing alerts whose labels are long (pod and image names, descriptions). */
    private record Body(String prefix, byte[] json, int alerts) {

        static Body justUnder(int bytes, String prefix) {
            Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(120);
            String padding = "x".repeat(900);
            StringBuilder json = new StringBuilder(bytes).append("{\"version\":\"4\",\"status\":\"firing\",")
                    .append("\"receiver\":\"telemetry\",\"groupKey\":\"{}:{}\",\"truncatedAlerts\":0,\"alerts\":[");
            int alerts = 0;
            while (true) {
                String alert = "{\"status\":\"firing\",\"fingerprint\":\"" + prefix + "-" + alerts + "\","
                        + "\"startsAt\":\"" + start + "\",\"endsAt\":\"0001-01-01T00:00:00Z\",\"labels\":{"
                        + "\"alertname\":\"GpuInUse\",\"telemetry\":\"gpu-usage\",\"cluster\":\"prod\","
                        + "\"Hostname\":\"node-" + (alerts % 64) + ".gpu.example.org\",\"UUID\":\"GPU-" + prefix + "-"
                        + alerts + "\",\"gpu\":\"" + (alerts % 8) + "\",\"namespace\":\"team-" + (alerts % 40) + "\","
                        + "\"pod\":\"" + prefix + "-training-job-" + alerts + "-worker-0\",\"container\":\"main\","
                        + "\"image\":\"registry.example.org/ml/" + padding.substring(0, 200) + "\"},"
                        + "\"annotations\":{\"description\":\"" + padding + "\"}}";
                // Room for the closing "]}" and a comma.
                if (json.length() + alert.length() + 3 > bytes) {
                    break;
                }
                json.append(alerts == 0 ? "" : ",").append(alert);
                alerts++;
            }
            json.append("]}");
            return new Body(prefix, json.toString().getBytes(StandardCharsets.UTF_8), alerts);
        }
    }
}
