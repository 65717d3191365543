package org.aitelemetry.worker.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetPod;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.MigSlice;
import org.aitelemetry.devkit.fleet.TenantForgery;
import org.aitelemetry.devkit.otlp.InjectOtlp;
import org.aitelemetry.devkit.otlp.OtlpReceiver;
import org.aitelemetry.devkit.otlp.OtlpTestResource;
import org.aitelemetry.devkit.otlp.ReceivedSpan;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.worker.session.SessionTick;
import org.aitelemetry.worker.sync.FleetSync;
import org.aitelemetry.worker.usage.UsageRollups;
import org.junit.jupiter.api.Test;

/**
 * The whole usage pipeline with real parts: a GPU and a MIG slice go busy in the fleet simulator, the shipped rules
 * (as they are: {@code for: 1m}, {@code keep_firing_for: 1m}) fire in a real Prometheus, a real Alertmanager posts to
 * the worker, a session opens. Prometheus then goes down: Alertmanager resolves the alerts for want of updates (a false
 * end) and the restarted Prometheus fires them again with a new startsAt, which the grace-period rule folds into the
 * same sessions (scenario 10). They go idle, the alerts resolve, and after the grace period each session becomes one
 * span at the OTLP receiver with the session's ids, Alertmanager's startsAt/endsAt and the attributes of
 * contracts.md §3. Meanwhile the worker traced itself to the same receiver: the sync cycles, the webhook posts, the
 * drains they caused and the export rounds are spans of service {@code telemetry-worker} (docs/operations.md,
 * "Self-tracing").
 */
@QuarkusTest
@TestProfile(PipelineProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
@WithTestResource(OtlpTestResource.class)
@WithTestResource(UsagePipelineResource.class)
class UsagePipelineTest {

    /** {@code for} or {@code keep_firing_for}, plus scrape, evaluation and delivery. */
    private static final Duration RULE_DELAY = Duration.ofMinutes(1);
    private static final Duration PATIENCE = Duration.ofMinutes(3);
    private static final long SLACK_SECONDS = 20;
    private static final Duration GRACE = Duration.ofMinutes(3);

    @Inject
    Pool pool;

    @Inject
    FleetSync fleetSync;

    @Inject
    SessionTick tick;

    @Inject
    UsageRollups rollups;

    @InjectOtlp
    OtlpReceiver otlp;

    FleetSimulator simulator;

    PrometheusComponent prometheus;

    @Test
    void aGpuAndAMigSliceGoBusyThenIdleAndEachBecomesOneSpan() throws Exception {
        FleetDefinition fleet = simulator.definition();
        FleetDevice gpu = fleet.devices().stream().filter(d -> !d.mig() && fleet.podUsing(d).isPresent())
                .findFirst().orElseThrow();
        FleetDevice migGpu = fleet.devices().stream().filter(d -> d.mig()
                && d.slices().stream().anyMatch(s -> fleet.podUsing(s).isPresent())).findFirst().orElseThrow();
        MigSlice slice = migGpu.slices().stream().filter(s -> fleet.podUsing(s).isPresent()).findFirst().orElseThrow();
        // Prometheus takes its first scrapes a few seconds after it starts: sync until it knows the whole fleet.
        long projects = fleet.pods().stream().map(pod -> pod.project().cluster() + "/" + pod.namespace()).distinct().count();
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            fleetSync.syncAll().await().atMost(Duration.ofSeconds(30));
            return count("SELECT count(*) FROM gpu_device") == fleet.devices().size()
                    && count("SELECT count(*) FROM gpu_slice") == fleet.slices().size()
                    && count("SELECT count(*) FROM research_project") == projects;
        });

        Instant busyAt = Instant.now();
        simulator.hold(gpu);
        simulator.hold(migGpu, slice);
        await().atMost(PATIENCE).until(() -> sessions("OPEN").size() == 2);
        assertThat(pool.preparedQuery("SELECT count(*) FROM usage_session WHERE pod = ANY($1)")
                .executeAndAwait(Tuple.of(TenantForgery.FORGED_PODS.toArray(String[]::new))).iterator().next()
                .getLong(0))
                .as("the tenant's forged holders of other GPUs open no session").isZero();

        Row gpuSession = session(gpu.uuid(), null);
        Row sliceSession = session(migGpu.uuid(), slice.gpuInstanceId());
        assertOpened(gpuSession, busyAt, fleet.podUsing(gpu).orElseThrow(), "GpuInUse");
        assertOpened(sliceSession, busyAt, fleet.podUsing(slice).orElseThrow(), "GpuSliceInUse");
        assertThat(sliceSession.getString("mig_profile")).isEqualTo(slice.profile().name());
        assertThat(sliceSession.getValue("slice_id")).as("linked to the synced slice").isNotNull();

        Instant firstStart = instant(gpuSession, "starts_at");
        prometheus.stop();
        await().atMost(PATIENCE).until(() -> sessions("CLOSING").size() == 2);
        prometheus.start();
        await().atMost(PATIENCE).until(() -> sessions("OPEN").stream()
                .filter(row -> row.getValue("current_starts_at") != null).count() == 2);
        assertThat(instant(session(gpu.uuid(), null), "current_starts_at")).isAfter(firstStart);

        Instant idleAt = Instant.now();
        simulator.release(gpu);
        simulator.release(migGpu, slice);
        await().atMost(PATIENCE).until(() -> sessions("CLOSING").size() == 2);
        tick.finaliseDue(Instant.now().plus(GRACE)).await().atMost(Duration.ofSeconds(30));
        assertThat(sessions("FINAL")).as("one session each, across the outage").hasSize(2);

        for (Row session : List.of(session(gpu.uuid(), null), session(migGpu.uuid(), slice.gpuInstanceId()))) {
            assertThat(session.getString("close_reason")).isEqualTo("RESOLVED");
            assertThat(instant(session, "starts_at")).as("starts when it first fired").isBefore(idleAt.minus(RULE_DELAY));
            assertThat(instant(session, "ends_at")).isCloseTo(idleAt.plus(RULE_DELAY), within(SLACK_SECONDS, ChronoUnit.SECONDS));
            String traceId = session.getString("trace_id");
            await().atMost(Duration.ofSeconds(60)).until(() -> !otlp.spans(traceId).isEmpty());
            assertThat(otlp.spans(traceId)).singleElement().satisfies(span -> assertSpan(span, session));
            assertThat(session.getString("trace_url")).isEqualTo("https://tempo.example/trace/" + traceId);
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> sessions("FINAL").stream()
                .allMatch(row -> "EXPORTED".equals(row.getString("export_state"))));
        rollups.rollUpAll(Instant.now()).await().atMost(Duration.ofSeconds(30));
        assertTracedItself();
    }

    /** Each unit of work an operator looks for in Tempo arrived as a span of the worker, under its parent. */
    private void assertTracedItself() {
        await().atMost(Duration.ofSeconds(30)).until(() -> ownSpans().stream()
                .anyMatch(span -> span.name().equals("UsageRollups.rollUp")));
        List<ReceivedSpan> own = ownSpans();
        assertThat(own).extracting(ReceivedSpan::name)
                .contains("FleetSync.syncAll", "FleetSync.sync", "SessionProcessor.drain", "SpanExportJob.round",
                        "UsageRollups.rollUpAll", "UsageRollups.rollUp");
        ReceivedSpan cycle = own.stream().filter(span -> span.name().equals("FleetSync.sync")).findFirst().orElseThrow();
        assertThat(cycle.attributes()).containsEntry("telemetry.source", "fleet");
        assertThat(own).anySatisfy(parent -> {
            assertThat(parent.name()).isEqualTo("FleetSync.syncAll");
            assertThat(parent.spanIdHex()).isEqualTo(cycle.parentSpanIdHex());
        });
        assertThat(own).as("Alertmanager's posts").anySatisfy(post -> {
            assertThat(post.kind()).isEqualTo("SERVER");
            assertThat(post.name()).isEqualTo("POST /api/ingest/v1/alertmanager");
        });
    }

    private List<ReceivedSpan> ownSpans() {
        return otlp.spans().stream()
                .filter(span -> "telemetry-worker".equals(span.resourceAttributes().get("service.name"))).toList();
    }

    private static void assertOpened(Row session, Instant busyAt, FleetPod pod, String alertName) {
        assertThat(session.getString("alert_name")).isEqualTo(alertName);
        assertThat(instant(session, "starts_at")).as("startsAt is `for` after the pod took it")
                .isCloseTo(busyAt.plus(RULE_DELAY), within(SLACK_SECONDS, ChronoUnit.SECONDS));
        assertThat(session.getString("namespace")).isEqualTo(pod.namespace());
        assertThat(session.getString("pod")).isEqualTo(pod.name());
        assertThat(session.getString("container")).isEqualTo(pod.container());
        assertThat(session.getValue("device_id")).as("linked to the synced GPU").isNotNull();
        assertThat(session.getValue("project_id")).as("linked to the synced project").isNotNull();
    }

    private static void assertSpan(ReceivedSpan span, Row session) {
        assertThat(span.name()).isEqualTo("gpu.usage");
        assertThat(span.kind()).isEqualTo("INTERNAL");
        assertThat(span.spanIdHex()).isEqualTo(session.getString("span_id"));
        assertThat(span.startTime()).isEqualTo(instant(session, "starts_at"));
        assertThat(span.endTime()).isEqualTo(instant(session, "ends_at"));
        assertThat(span.resourceAttributes()).containsEntry("service.name", "ai-telemetry-gpu-usage");
        assertThat(span.attributes())
                .containsEntry("k8s.cluster.name", session.getString("cluster_name"))
                .containsEntry("k8s.node.name", session.getString("node_name"))
                .containsEntry("k8s.namespace.name", session.getString("namespace"))
                .containsEntry("k8s.pod.name", session.getString("pod"))
                .containsEntry("k8s.container.name", session.getString("container"))
                .containsEntry("gpu.uuid", session.getString("gpu_uuid"))
                .containsEntry("alert.fingerprint", session.getString("fingerprint"))
                .containsEntry("alert.name", session.getString("alert_name"))
                .containsEntry("session.close_reason", "resolved")
                .containsKey("gpu.seconds");
        if (session.getValue("gpu_instance_id") != null) {
            assertThat(span.attributes()).containsEntry("gpu.mig.profile", session.getString("mig_profile"))
                    .containsEntry("gpu.mig.instance_id", session.getInteger("gpu_instance_id").longValue());
        }
    }

    private long count(String sql) {
        return pool.query(sql).executeAndAwait().iterator().next().getLong(0);
    }

    private List<Row> sessions(String state) {
        List<Row> rows = new ArrayList<>();
        pool.preparedQuery("SELECT * FROM usage_session WHERE state = $1").executeAndAwait(Tuple.of(state))
                .forEach(rows::add);
        return rows;
    }

    private Row session(String uuid, Integer gpuInstanceId) {
        List<Row> rows = new ArrayList<>();
        pool.preparedQuery("SELECT * FROM usage_session WHERE gpu_uuid = $1 AND gpu_instance_id IS NOT DISTINCT FROM $2")
                .executeAndAwait(Tuple.of(uuid, gpuInstanceId)).forEach(rows::add);
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    private static Instant instant(Row row, String column) {
        return row.getOffsetDateTime(column).toInstant();
    }
}
