package org.aitelemetry.worker.alert;

import static org.aitelemetry.worker.ingest.IngestContract.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.restassured.http.ContentType;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.aitelemetry.devkit.postgres.InjectPostgres;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;
import org.aitelemetry.worker.ingest.UnsentBody;
import org.junit.jupiter.api.Test;

/**
 * The webhook against real PostgreSQL with tokens from a mock OIDC provider: real Alertmanager 0.25 bodies are stored
 * whole, bad bodies get 400/413/415 with a reason (scenario 12), callers without the role are refused, and a database
 * outage answers 503 so that Alertmanager retries (scenario 6).
 */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
class AlertmanagerWebhookResourceTest {

    private static final String PATH = "/api/ingest/v1/alertmanager";

    @Inject
    Pool pool;

    @InjectPostgres
    PostgresComponent postgres;

    @Test
    void storesRealAlertmanagerBodiesWhole() throws IOException {
        long before = count("SELECT count(*) FROM alert_notification");
        long batch = post(fixture("alertmanager-0.25-firing.json")).statusCode(200)
                .body("alerts", equalTo(1)).extract().jsonPath().getLong("batchId");
        post(fixture("alertmanager-0.25-resolved.json")).statusCode(200);

        assertThat(count("SELECT count(*) FROM alert_notification")).isEqualTo(before + 2);
        Row firing = pool.preparedQuery("SELECT * FROM alert_notification WHERE batch_id = $1")
                .executeAndAwait(Tuple.of(batch)).iterator().next();
        assertThat(firing.getString("fingerprint")).isEqualTo("6cae35b7383d8acb");
        assertThat(firing.getString("status")).isEqualTo("FIRING");
        assertThat(firing.getValue("ends_at")).as("year 1 means no end").isNull();
        assertThat(firing.getJsonObject("labels").getString("Hostname")).isEqualTo("node1");
        assertThat(count("SELECT count(*) FROM alert_notification WHERE status = 'RESOLVED' AND ends_at IS NOT NULL"))
                .isPositive();
    }

    @Test
    void ignoresUnknownFieldsAndToleratesMissingOptionalOnes() {
        post("""
                {"version":"4","status":"firing","notification_reason":"new","routeLabels":{"a":"b"},
                 "alerts":[{"status":"firing","fingerprint":"f1","startsAt":"2026-11-21T10:00:00.5+01:00",
                            "labels":{"alertname":"GpuInUse"},"newField":[1,2]}]}""").statusCode(200);
        post("{\"version\":\"4\",\"receiver\":\"" + "r".repeat(300) + "\",\"groupKey\":\"" + "g".repeat(5000)
                + "\",\"alerts\":[]}").statusCode(200);
    }

    @Test
    void refusesBodiesThatCanNeverParseWithAReason() {
        badRequest("", "empty body");
        badRequest("not json", "not valid JSON");
        badRequest("[1,2]", "not a JSON object");
        badRequest("{\"version\":\"5\",\"alerts\":[]}", "unsupported webhook version '5'");
        badRequest("{\"version\":\"4\"}", "'alerts' must be an array");
        badRequest(alert("\"status\":\"firing\",\"startsAt\":\"2026-11-21T10:00:00Z\",\"labels\":{}"), "fingerprint");
        badRequest(alert("\"fingerprint\":\"f\",\"status\":\"gone\",\"startsAt\":\"2026-11-21T10:00:00Z\",\"labels\":{}"),
                "status must be 'firing' or 'resolved'");
        badRequest(alert("\"fingerprint\":\"f\",\"status\":\"firing\",\"startsAt\":\"yesterday\",\"labels\":{}"),
                "not an RFC 3339 time");
        badRequest(alert("\"fingerprint\":\"f\",\"status\":\"resolved\",\"startsAt\":\"2026-11-21T10:00:00Z\","
                + "\"endsAt\":\"2026-11-21T09:00:00Z\",\"labels\":{}"), "is before startsAt");
        badRequest(alert("\"fingerprint\":\"f\",\"status\":\"firing\",\"startsAt\":\"2026-11-21T10:00:00Z\","
                + "\"labels\":{\"a\":{\"b\":1}}"), "must be a string");
        badRequest(alert("\"fingerprint\":\"f\",\"status\":\"firing\",\"startsAt\":\"2026-11-21T10:00:00Z\","
                + "\"labels\":{\"big\":\"" + "x".repeat(70_000) + "\"}"), "exceed");
        badRequest(alert("\"fingerprint\":\"f\",\"status\":\"firing\",\"startsAt\":\"+300000-01-01T00:00:00Z\",\"labels\":{}"),
                "is in the future");
        badRequest(alert("\"fingerprint\":\"f\",\"status\":\"firing\",\"startsAt\":\"2026-11-21T10:00:00Z\","
                + "\"labels\":{\"pod\":\"a\\u0000b\"}"), "NUL character");
        badRequest("{\"alerts\":" + "[".repeat(500) + "]".repeat(500) + "}", "not valid JSON");
    }

    @Test
    void refusesInvalidUtf8WrongContentTypeAndOversizedBodies() throws IOException {
        byte[] invalidUtf8 = "{\"version\":\"4\",\"alerts\":[],\"receiver\":\"\u00ff\"}".getBytes(StandardCharsets.ISO_8859_1);
        given().auth().oauth2(token(AlertmanagerWebhookResource.ALERTS_WRITER)).contentType(ContentType.JSON)
                .body(invalidUtf8).post(PATH).then().statusCode(400);
        given().auth().oauth2(token(AlertmanagerWebhookResource.ALERTS_WRITER)).contentType(ContentType.TEXT)
                .body("{}").post(PATH).then().statusCode(415).body("detail", containsString("application/json"));
        assertThat(UnsentBody.post(PATH, token(AlertmanagerWebhookResource.ALERTS_WRITER), 5 * 1024 * 1024).statusLine())
                .as("body over the 4 MiB limit").startsWith("HTTP/1.1 413");
    }

    @Test
    void callersWithoutTheWriterRoleAreRefused() {
        given().contentType(ContentType.JSON).body("{}").post(PATH).then().statusCode(401);
        given().auth().oauth2(token("probe-writer")).contentType(ContentType.JSON).body("{}").post(PATH).then()
                .statusCode(403);
        given().auth().oauth2("not-a-jwt").contentType(ContentType.JSON).body("{}").post(PATH).then().statusCode(401);
    }

    @Test
    void aDatabaseOutageAnswers503AndTheRetryIsStored() throws Exception {
        String body = alert("\"fingerprint\":\"outage\",\"status\":\"firing\",\"startsAt\":\"2026-11-21T10:00:00Z\","
                + "\"labels\":{\"alertname\":\"GpuInUse\"}");
        postgres.stop();
        try {
            post(body).statusCode(503).header("Retry-After", "5");
        } finally {
            postgres.start();
        }
        long deadline = System.currentTimeMillis() + 30_000;
        int status;
        do {
            status = post(body).extract().statusCode();
        } while (status != 200 && System.currentTimeMillis() < deadline && sleep());
        assertThat(status).isEqualTo(200);
        assertThat(count("SELECT count(*) FROM alert_notification WHERE fingerprint = 'outage'")).isEqualTo(1);
    }

    private static boolean sleep() throws InterruptedException {
        Thread.sleep(250);
        return true;
    }

    private static String alert(String fields) {
        return "{\"version\":\"4\",\"status\":\"firing\",\"alerts\":[{" + fields + "}]}";
    }

    private static void badRequest(String body, String reason) {
        post(body).statusCode(400).contentType("application/problem+json").body("detail", containsString(reason));
    }

    private static io.restassured.response.ValidatableResponse post(String body) {
        return given().auth().oauth2(token(AlertmanagerWebhookResource.ALERTS_WRITER)).contentType(ContentType.JSON)
                .body(body).post(PATH).then();
    }

    private static String token(String role) {
        return OidcWiremockTestResource.getAccessToken("alertmanager", Set.of(role));
    }

    private long count(String sql) {
        return pool.query(sql).executeAndAwait().iterator().next().getLong(0);
    }

    /** A real Alertmanager body from {@code src/test/resources/alertmanager}. */
    static String fixture(String name) throws IOException {
        try (InputStream in = AlertmanagerWebhookResourceTest.class.getResourceAsStream("/alertmanager/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
