package org.aitelemetry.worker.alert;

import static org.aitelemetry.worker.ingest.IngestContract.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.WorkerMetrics;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 18 items 1–3 end to end: bodies that are no strict JSON, or that PostgreSQL could not store, get 400 with the
 * reason and store nothing; alerts whose times lie outside the window are left out and named in a 400 while the
 * batch's other alerts are stored, so Alertmanager neither loses them nor retries the body.
 */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
class WebhookStrictInputTest {

    private static final String PATH = "/api/ingest/v1/alertmanager";
    private static final String GOOD = "{\"fingerprint\":\"%s\",\"status\":\"firing\",\"startsAt\":\"%s\","
            + "\"endsAt\":\"0001-01-01T00:00:00Z\",\"labels\":{\"alertname\":\"GpuInUse\"%s}}";

    @Inject
    Pool pool;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            duplicate label          | ,"pod":"a","pod":"b"      |                       | Duplicate field 'pod'
            NUL in a label           | ,"pod":"a\\u0000"         |                       | NUL character
            lone surrogate           | ,"pod":"\\ud800"          |                       | unpaired UTF-16 surrogate
            number out of range      | ,"gpu":"0"},"x":{"v":1e999999 |                   | outside the range PostgreSQL
            NaN                      | ,"gpu":"0"},"x":{"v":NaN  |                       | not valid JSON
            trailing content         |                           | {"alerts":[]}         | content after the JSON value
            trailing garbage         |                           | garbage               | content after the JSON value
            """)
    void bodiesThatAreNoStrictJsonAreRefusedAndStoreNothing(String name, String labels, String trailing,
            String reason) {
        long batches = count("SELECT count(*) FROM alert_batch");
        String body = body(GOOD.formatted("strict-" + name.hashCode(), Instant.now().minusSeconds(60),
                labels == null ? "" : labels)) + (trailing == null ? "" : trailing);

        post(body).statusCode(400).contentType("application/problem+json").body("detail", containsString(reason));

        assertThat(count("SELECT count(*) FROM alert_batch")).isEqualTo(batches);
    }

    @Test
    void alertsOutsideTheTimeWindowAreLeftOutAndNamedAndTheOthersAreStored() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        double refusedBefore = WorkerMetrics.value("telemetry_alerts_refused_total", "reason=\"time\"");
        String body = body(String.join(",",
                GOOD.formatted("window-good", now.minusSeconds(600), ""),
                GOOD.formatted("window-year-1", "0001-01-01T00:00:00Z", ""),
                "{\"fingerprint\":\"window-1970-9999\",\"status\":\"resolved\",\"startsAt\":\"1970-01-01T00:00:00Z\","
                        + "\"endsAt\":\"9999-12-31T23:59:59Z\",\"labels\":{\"alertname\":\"GpuInUse\"}}",
                GOOD.formatted("window-future", now.plus(1, ChronoUnit.DAYS), ""),
                "{\"fingerprint\":\"window-resolved\",\"status\":\"resolved\",\"startsAt\":\"" + now.minusSeconds(900)
                        + "\",\"endsAt\":\"" + now.minusSeconds(60) + "\",\"labels\":{\"alertname\":\"GpuInUse\"}}"));

        post(body).statusCode(400).contentType("application/problem+json").body("detail", allOf(
                containsString("alerts[1] (fingerprint window-year-1): startsAt 0001-01-01T00:00:00Z is older than"),
                containsString("alerts[2] (fingerprint window-1970-9999): startsAt 1970-01-01T00:00:00Z is older"),
                containsString("alerts[3] (fingerprint window-future): startsAt"),
                containsString("is in the future"),
                containsString("the other 2 alert(s) of the batch were stored"),
                not(containsString("window-good")), not(containsString("window-resolved"))));

        assertThat(count("SELECT count(*) FROM alert_notification WHERE fingerprint LIKE 'window-%'")).isEqualTo(2);
        assertThat(count("SELECT count(*) FROM alert_notification WHERE fingerprint IN ('window-good',"
                + " 'window-resolved')")).isEqualTo(2);
        assertThat(WorkerMetrics.value("telemetry_alerts_refused_total", "reason=\"time\"") - refusedBefore)
                .isEqualTo(3);
    }

    @Test
    void aBatchOfOnlyRefusedAlertsStoresNothingAndAResolvedAlertMayNotEndInTheFuture() {
        Instant now = Instant.now();
        long batches = count("SELECT count(*) FROM alert_batch");

        post(body("{\"fingerprint\":\"ends-ahead\",\"status\":\"resolved\",\"startsAt\":\"" + now.minusSeconds(60)
                + "\",\"endsAt\":\"" + now.plus(1, ChronoUnit.HOURS) + "\",\"labels\":{}}")).statusCode(400)
                .body("detail", allOf(containsString("endsAt"), containsString("of a resolved alert is in the future"),
                        containsString("nothing was stored")));

        assertThat(count("SELECT count(*) FROM alert_batch")).isEqualTo(batches);
        post(body(GOOD.formatted("inside-skew", now.plusSeconds(120), ""))).statusCode(200)
                .body("alerts", equalTo(1));
    }

    private static String body(String alerts) {
        return "{\"version\":\"4\",\"status\":\"firing\",\"receiver\":\"telemetry-worker\",\"alerts\":[" + alerts + "]}";
    }

    private static ValidatableResponse post(String body) {
        return given().auth().oauth2(OidcWiremockTestResource.getAccessToken("alertmanager",
                Set.of(AlertmanagerWebhookResource.ALERTS_WRITER))).contentType(ContentType.JSON).body(body)
                .post(PATH).then();
    }

    private long count(String sql) {
        return pool.query(sql).executeAndAwait().iterator().next().getLong(0);
    }
}
