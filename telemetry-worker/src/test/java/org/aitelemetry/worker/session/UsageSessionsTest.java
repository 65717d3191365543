package org.aitelemetry.worker.session;

import static org.aitelemetry.worker.session.WebhookBodies.Alert.firing;
import static org.aitelemetry.worker.session.WebhookBodies.Alert.resolved;
import static org.aitelemetry.worker.session.WebhookBodies.gpuLabels;
import static org.aitelemetry.worker.session.WebhookBodies.post;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.WorkerMetrics;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;
import org.aitelemetry.worker.pipeline.NotificationShards;
import org.aitelemetry.worker.session.events.SessionEvent;
import org.aitelemetry.worker.session.events.SessionEventPublisher;
import org.aitelemetry.worker.span.SpanIds;
import org.junit.jupiter.api.Test;

/**
 * The session pipeline from the webhook to usage_session on real PostgreSQL: acceptance scenarios 1–4 and the grace
 * period, duplicates and bad data counted, every final session queued for its span once.
 */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
class UsageSessionsTest {

    private static final Duration GRACE = Duration.ofMinutes(15);
    private static final ObjectMapper EVENTS = new ObjectMapper().registerModule(new JavaTimeModule());

    @Inject
    Pool pool;

    @Inject
    SessionProcessor processor;

    @Inject
    SessionTick tick;

    @Inject
    @Any
    InMemoryConnector connector;

    private final Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(3600);

    @Test
    void aWebhookReplayedTenTimesSomeConcurrentlyMakesOneSessionAndOneSpan() throws Exception {
        String fingerprint = fingerprint();
        String body = WebhookBodies.body(0, List.of(firing(fingerprint, start, gpuLabels("GPU-1", "train-0"))));
        for (int i = 0; i < 5; i++) {
            post(body).statusCode(200);
        }
        ExecutorService senders = Executors.newFixedThreadPool(5);
        List<Future<Integer>> concurrent = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            concurrent.add(senders.submit(() -> post(body).extract().statusCode()));
        }
        for (Future<Integer> status : concurrent) {
            assertThat(status.get()).isEqualTo(200);
        }
        senders.shutdown();
        double duplicatesBefore = WorkerMetrics.value("telemetry_alerts_duplicated_total", "kind=\"repeat\"");

        drain();

        Row session = single(fingerprint);
        assertThat(session.getString("state")).isEqualTo("OPEN");
        assertThat(session.getInteger("duplicates")).isEqualTo(9);
        assertThat(WorkerMetrics.value("telemetry_alerts_duplicated_total", "kind=\"repeat\""))
                .isGreaterThanOrEqualTo(duplicatesBefore);

        post(resolved(fingerprint, start, start.plusSeconds(1800), gpuLabels("GPU-1", "train-0"))).statusCode(200);
        drain();
        finaliseAfterGrace();

        session = single(fingerprint);
        assertThat(session.getString("state")).isEqualTo("FINAL");
        assertThat(session.getString("close_reason")).isEqualTo("RESOLVED");
        assertThat(session.getOffsetDateTime("ends_at").toInstant()).isEqualTo(start.plusSeconds(1800));
        assertThat(session.getString("export_state")).as("queued for exactly one span").isEqualTo("PENDING");
        assertThat(session.getString("trace_id")).isEqualTo(SpanIds.traceId(fingerprint, start));
        assertThat(session.getString("span_id")).isEqualTo(SpanIds.spanId(fingerprint, start, SpanIds.USAGE_SPAN));
    }

    @Test
    void reSentFiringsAppliedInTheDrainThatOpensTheSessionAreCounted() {
        String fingerprint = fingerprint();
        // Every shard held, so the three deliveries wait and one drain applies them together.
        whileHolding(SessionSql.LOCK_ALL, Tuple.tuple(), () -> {
            for (int i = 0; i < 3; i++) {
                post(firing(fingerprint, start, gpuLabels("GPU-11", "a"))).statusCode(200);
            }
        });
        drain();

        assertThat(single(fingerprint).getInteger("duplicates")).isEqualTo(2);
    }
    @Test
    void everyTransitionIsPublishedAfterCommitAsASessionEvent() throws Exception {
        String fingerprint = fingerprint();
        post(firing(fingerprint, start, gpuLabels("GPU-ev", "p"))).statusCode(200);
        drain();
        post(resolved(fingerprint, start, start.plusSeconds(60), gpuLabels("GPU-ev", "p"))).statusCode(200);
        drain();
        finaliseAfterGrace();

        // Published after commit and delivered to the connector asynchronously.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(eventsOf(fingerprint))
                .extracting(SessionEvent::type).containsExactly(SessionEvent.Type.OPENED, SessionEvent.Type.CLOSING,
                        SessionEvent.Type.FINALISED));
        List<SessionEvent> events = eventsOf(fingerprint);
        assertThat(events.get(2).endsAt()).isEqualTo(start.plusSeconds(60));
        assertThat(events.get(2).closeReason()).isEqualTo("resolved");
        assertThat(events.get(2).traceId()).isEqualTo(SpanIds.traceId(fingerprint, start));
    }

    @Test
    void sessionColumnsComeFromTheAlertLabels() {
        String fingerprint = fingerprint();
        post(firing(fingerprint, start, Map.of("alertname", "GpuSliceInUse", "cluster", "prod", "hostname", "node-7",
                "uuid", "GPU-mig", "gpu", "2", "GPU_I_ID", "5", "GPU_I_PROFILE", "1g.10gb", "exported_namespace", "team-b",
                "exported_pod", "notebook-0", "exported_container", "jupyter"))).statusCode(200);
        drain();

        Row session = single(fingerprint);
        assertThat(session.getString("alert_name")).isEqualTo("GpuSliceInUse");
        assertThat(session.getString("cluster_name")).isEqualTo("prod");
        assertThat(session.getString("node_name")).isEqualTo("node-7");
        assertThat(session.getString("gpu_uuid")).isEqualTo("GPU-mig");
        assertThat(session.getInteger("gpu_index")).isEqualTo(2);
        assertThat(session.getInteger("gpu_instance_id")).isEqualTo(5);
        assertThat(session.getString("mig_profile")).isEqualTo("1g.10gb");
        assertThat(session.getString("namespace")).isEqualTo("team-b");
        assertThat(session.getString("pod")).isEqualTo("notebook-0");
        assertThat(session.getString("container")).isEqualTo("jupyter");
        assertThat(session.getJsonObject("labels").getString("GPU_I_PROFILE")).isEqualTo("1g.10gb");
    }

    @Test
    void resolvedBeforeFiringIsClosedAndTheLaterFiringDoesNotReopenIt() {
        String fingerprint = fingerprint();
        post(resolved(fingerprint, start, start.plusSeconds(600), gpuLabels("GPU-2", "p"))).statusCode(200);
        post(firing(fingerprint, start, gpuLabels("GPU-2", "p"))).statusCode(200);
        drain();

        Row session = single(fingerprint);
        assertThat(session.getString("state")).isEqualTo("FINAL");
        assertThat(session.getOffsetDateTime("ends_at").toInstant()).isEqualTo(start.plusSeconds(600));
        assertThat(session.getInteger("late_duplicates")).isEqualTo(1);
        assertThat(session.getString("export_state")).isEqualTo("PENDING");
    }

    @Test
    void firingAgainInsideTheGraceWindowCancelsTheClose() {
        String fingerprint = fingerprint();
        post(firing(fingerprint, start, gpuLabels("GPU-3", "p"))).statusCode(200);
        drain();
        post(resolved(fingerprint, start, start.plusSeconds(240), gpuLabels("GPU-3", "p"))).statusCode(200);
        drain();
        assertThat(single(fingerprint).getString("state")).isEqualTo("CLOSING");

        post(firing(fingerprint, start, gpuLabels("GPU-3", "p"))).statusCode(200);
        drain();
        finaliseAfterGrace();

        Row session = single(fingerprint);
        assertThat(session.getString("state")).as("the close was cancelled: still open after the grace").isEqualTo("OPEN");
        assertThat(session.getValue("ends_at")).isNull();
        assertThat(session.getString("export_state")).isEqualTo("NOT_READY");
    }

    @Test
    void aNewerStartSupersedesTheOpenSessionWithoutOverlap() {
        String fingerprint = fingerprint();
        Instant restart = start.plusSeconds(1200);
        post(firing(fingerprint, start, gpuLabels("GPU-4", "p"))).statusCode(200);
        drain();
        post(firing(fingerprint, restart, gpuLabels("GPU-4", "p"))).statusCode(200);
        drain();

        List<Row> sessions = sessions(fingerprint);
        assertThat(sessions).hasSize(2);
        assertThat(sessions.get(0).getString("state")).isEqualTo("FINAL");
        assertThat(sessions.get(0).getString("close_reason")).isEqualTo("SUPERSEDED");
        assertThat(sessions.get(0).getOffsetDateTime("ends_at").toInstant()).isEqualTo(restart);
        assertThat(sessions.get(1).getString("state")).isEqualTo("OPEN");
        assertThat(sessions.get(1).getOffsetDateTime("starts_at").toInstant()).isEqualTo(restart);
    }

    @Test
    void aNotificationTheDatabaseRefusesIsSetAsideAndTheOthersGoOn() {
        String good = fingerprint();
        String poison = fingerprint();
        // Stands in for a row no column can hold: the database refuses sessions of this one fingerprint.
        pool.query("""
                CREATE OR REPLACE FUNCTION refuse_poison() RETURNS trigger AS $$
                BEGIN
                  IF NEW.fingerprint = '%s' THEN RAISE EXCEPTION 'refused' USING ERRCODE = 'check_violation'; END IF;
                  RETURN NEW;
                END $$ LANGUAGE plpgsql""".formatted(poison)).executeAndAwait();
        pool.query("CREATE TRIGGER refuse_poison BEFORE INSERT ON usage_session FOR EACH ROW EXECUTE FUNCTION refuse_poison()")
                .executeAndAwait();
        try {
            double before = WorkerMetrics.value("telemetry_alerts_unprocessable_total", "");
            post(firing(good, start, gpuLabels("GPU-5", "a")), firing(poison, start, gpuLabels("GPU-6", "b")))
                    .statusCode(200);
            drain();

            assertThat(sessions(good)).hasSize(1);
            assertThat(sessions(poison)).isEmpty();
            assertThat(WorkerMetrics.value("telemetry_alerts_unprocessable_total", "")).isEqualTo(before + 1);
            assertThat(count("SELECT count(*) FROM alert_notification WHERE fingerprint = $1", poison))
                    .as("the refused notification is kept for inspection").isEqualTo(1);
            assertThat(count("SELECT count(*) FROM alert_pending", null)).isZero();
        } finally {
            pool.query("DROP TRIGGER refuse_poison ON usage_session").executeAndAwait();
        }
    }

    @Test
    void aShardHeldByAnotherWriterDoesNotStallTheOthers() {
        String held = fingerprintInShard(0);
        String free = fingerprintInShard(NotificationShards.COUNT - 1);
        // Stands in for a replica draining shard 0; the other shards drain meanwhile (shard 0 is the first lock the
        // tick's lock-all waits for, so a tick now holds nothing the free shard needs).
        whileHolding(SessionSql.LOCK_SHARD, Tuple.of(0), () -> {
            post(firing(held, start, gpuLabels("GPU-8", "a")), firing(free, start, gpuLabels("GPU-9", "b")))
                    .statusCode(200);

            await().atMost(Duration.ofSeconds(20)).until(() -> sessions(free).size() == 1);
            assertThat(sessions(held)).as("its shard waits for the writer that holds it").isEmpty();
        });
        processor.request();
        await().atMost(Duration.ofSeconds(20)).until(() -> sessions(held).size() == 1);
    }

    /**
     * Queue rows whose notification row is gone (a partition dropped by hand), more than a drain's page and older than
     * a real notification of the same shard: they are taken off the queue instead of stalling the shard.
     */
    @Test
    void queuedNotificationsWhoseRowsAreGoneDoNotStallTheirShard() {
        String fingerprint = fingerprint();
        long shard = count("SELECT " + NotificationShards.of("$1"), fingerprint);
        whileHolding(SessionSql.LOCK_ALL, Tuple.tuple(), () -> {
            post(firing(fingerprint, start, gpuLabels("GPU-11", "a"))).statusCode(200);
            pool.preparedQuery("INSERT INTO alert_pending (shard, notification_id, received_at) "
                    + "SELECT $1, -g, now() FROM generate_series(1, 600) AS g").executeAndAwait(Tuple.of(shard));
        });

        drain();
        assertThat(sessions(fingerprint)).as("applied behind a page of orphans").hasSize(1);
        drain();
        assertThat(count("SELECT count(*) FROM alert_pending WHERE notification_id < 0", null)).isZero();
    }

    @Test
    void aNotificationWaitsInItsShardsQueueUntilItIsApplied() {
        String fingerprint = fingerprint();
        whileHolding(SessionSql.LOCK_ALL, Tuple.tuple(), () -> {
            post(firing(fingerprint, start, gpuLabels("GPU-10", "a"))).statusCode(200);

            assertThat(count("""
                    SELECT count(*) FROM alert_pending p JOIN alert_notification n ON n.id = p.notification_id
                    WHERE n.fingerprint = $1 AND p.shard = %s
                      AND p.received_at = n.received_at""".formatted(NotificationShards.of("n.fingerprint")),
                    fingerprint)).isEqualTo(1);
            assertThat(sessions(fingerprint)).isEmpty();
        });
        drain();

        assertThat(sessions(fingerprint)).hasSize(1);
        assertThat(count("SELECT count(*) FROM alert_pending p JOIN alert_notification n ON n.id = p.notification_id"
                + " WHERE n.fingerprint = $1", fingerprint)).as("taken off the queue").isZero();
        assertThat(count("SELECT count(*) FROM alert_notification WHERE fingerprint = $1", fingerprint))
                .as("the notification itself stays").isEqualTo(1);
    }

    @Test
    void truncatedBatchesAreCounted() {
        double before = WorkerMetrics.value("telemetry_alerts_truncated_total", "");
        post(WebhookBodies.body(7, List.of(firing(fingerprint(), start, gpuLabels("GPU-7", "p"))))).statusCode(200);

        assertThat(WorkerMetrics.value("telemetry_alerts_truncated_total", "")).isEqualTo(before + 7);
    }

    private List<SessionEvent> eventsOf(String fingerprint) throws Exception {
        List<SessionEvent> events = new ArrayList<>();
        for (var message : connector.sink(SessionEventPublisher.CHANNEL).received()) {
            SessionEvent event = EVENTS.readValue((String) message.getPayload(), SessionEvent.class);
            if (event.fingerprint().equals(fingerprint)) {
                events.add(event);
            }
        }
        return events;
    }

    private void drain() {
        processor.drain().await().atMost(Duration.ofSeconds(30));
    }

    private void finaliseAfterGrace() {
        tick.finaliseDue(Instant.now().plus(GRACE).plusSeconds(1)).await().atMost(Duration.ofSeconds(30));
    }

    private Row single(String fingerprint) {
        List<Row> rows = sessions(fingerprint);
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    private List<Row> sessions(String fingerprint) {
        List<Row> rows = new ArrayList<>();
        pool.preparedQuery("SELECT * FROM usage_session WHERE fingerprint = $1 ORDER BY starts_at")
                .executeAndAwait(Tuple.of(fingerprint)).forEach(rows::add);
        return rows;
    }

    private long count(String sql, String parameter) {
        return (parameter == null ? pool.query(sql).executeAndAwait()
                : pool.preparedQuery(sql).executeAndAwait(Tuple.of(parameter))).iterator().next().getLong(0);
    }

    /** Runs {@code meanwhile} while another connection holds session locks in an open transaction, as writers do. */
    private void whileHolding(String lock, Tuple arguments, Runnable meanwhile) {
        SqlConnection writer = pool.getConnectionAndAwait();
        try {
            writer.query("BEGIN").executeAndAwait();
            writer.preparedQuery(lock).executeAndAwait(arguments);
            meanwhile.run();
        } finally {
            writer.query("COMMIT").executeAndAwait();
            writer.closeAndAwait();
        }
    }

    private String fingerprintInShard(int shard) {
        while (true) {
            String fingerprint = fingerprint();
            if (count("SELECT " + NotificationShards.of("$1"), fingerprint) == shard) {
                return fingerprint;
            }
        }
    }

    private static String fingerprint() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }
}
