package org.aitelemetry.worker.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.devkit.alertmanager.AlertmanagerComponent;
import org.aitelemetry.devkit.alertmanager.PostableAlert;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.session.SessionProcessor;
import org.junit.jupiter.api.Test;

/**
 * Acceptance scenario 8: the database takes longer to store a batch than Alertmanager waits for the webhook, so
 * Alertmanager gives up and retries while the first transaction is still running. Both commit; the sessions absorb
 * the duplicate (one session per alert), and no transaction is left open or waiting.
 */
@QuarkusTest
@TestProfile(SlowDatabaseProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
@WithTestResource(value = UsagePipelineResource.class, initArgs = @ResourceArg(name = "prometheus", value = "false"))
class SlowDatabaseTest {

    /** Longer than Alertmanager 0.25's notification timeout (max(group_interval, 10 s)). */
    private static final int DATABASE_DELAY_SECONDS = 12;

    @Inject
    Pool pool;

    @Inject
    SessionProcessor processor;

    AlertmanagerComponent alertmanager;

    @Test
    void alertmanagerRetriesAfterItsTimeoutAndTheDuplicateMakesNoSecondSession() throws Exception {
        pool.query("CREATE TABLE slow_batches (remaining integer NOT NULL)").executeAndAwait();
        pool.query("INSERT INTO slow_batches VALUES (1)").executeAndAwait();
        pool.query("""
                CREATE FUNCTION slow_batch() RETURNS trigger AS $$
                BEGIN
                  UPDATE slow_batches SET remaining = remaining - 1 WHERE remaining > 0;
                  IF FOUND THEN PERFORM pg_sleep(%d); END IF;
                  RETURN NEW;
                END $$ LANGUAGE plpgsql""".formatted(DATABASE_DELAY_SECONDS)).executeAndAwait();
        pool.query("CREATE TRIGGER slow_batch BEFORE INSERT ON alert_batch FOR EACH ROW EXECUTE FUNCTION slow_batch()")
                .executeAndAwait();
        try {
            String pod = "slow-" + UUID.randomUUID();
            Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
            alertmanager.api().post(List.of(
                    PostableAlert.firing(Map.of("alertname", "GpuInUse", "telemetry", "gpu-usage", "cluster", "prod",
                            "Hostname", "node-1", "UUID", "GPU-slow-1", "pod", pod), Map.of(), start),
                    PostableAlert.firing(Map.of("alertname", "GpuInUse", "telemetry", "gpu-usage", "cluster", "prod",
                            "Hostname", "node-1", "UUID", "GPU-slow-2", "pod", pod), Map.of(), start)));

            // Alertmanager may send the two alerts together or (its dispatcher flushing between them) one first: either
            // way the slow delivery and a later one are both stored, and each alert at least once.
            await().atMost(Duration.ofSeconds(90)).until(() -> count("SELECT count(*) FROM alert_notification n "
                    + "WHERE n.labels->>'pod' = '" + pod + "'") >= 3 && count("SELECT count(DISTINCT n.labels->>'UUID') "
                    + "FROM alert_notification n WHERE n.labels->>'pod' = '" + pod + "'") == 2);
            processor.drain().await().atMost(Duration.ofSeconds(30));

            assertThat(count("SELECT count(*) FROM alert_batch b WHERE EXISTS (SELECT 1 FROM alert_notification n "
                    + "WHERE n.batch_id = b.id AND n.labels->>'pod' = '" + pod + "')"))
                    .as("the slow first delivery and Alertmanager's retry were both stored").isGreaterThanOrEqualTo(2);
            assertThat(count("SELECT count(*) FROM usage_session WHERE pod = '" + pod + "'"))
                    .as("one session per alert").isEqualTo(2);
            assertThat(count("SELECT count(DISTINCT fingerprint) FROM usage_session WHERE pod = '" + pod + "'")).isEqualTo(2);
            assertThat(count("""
                    SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
                      AND (state LIKE 'idle in transaction%' OR (state = 'active' AND now() - xact_start > interval '5 seconds'))"""))
                    .as("no transaction left open or stuck").isZero();
        } finally {
            pool.query("DROP TRIGGER slow_batch ON alert_batch").executeAndAwait();
        }
    }

    private long count(String sql) {
        return pool.query(sql).executeAndAwait().iterator().next().getLong(0);
    }
}
