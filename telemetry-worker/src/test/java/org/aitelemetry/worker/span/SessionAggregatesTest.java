package org.aitelemetry.worker.span;

import static org.aitelemetry.worker.span.SessionRows.session;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.function.Function;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetReadings;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.fleet.MigSlice;
import org.aitelemetry.devkit.otlp.InjectOtlp;
import org.aitelemetry.devkit.otlp.OtlpReceiver;
import org.aitelemetry.devkit.otlp.OtlpTestResource;
import org.aitelemetry.devkit.otlp.ReceivedSpan;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.devkit.prometheus.PrometheusApi;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.aitelemetry.worker.WorkerMetrics;

/**
 * Aggregates at close against a real Prometheus scraping the fleet simulator on the wall clock (readings move): the
 * figures on the spans must match what the simulator's generating functions say for the session's window, in both
 * label spellings, for whole GPUs and MIG slices, and a GPU reporting DCGM blanks gets no utilization. A second
 * source that refuses connections holds its span back for the configured attempts only.
 */
@QuarkusTest
@TestProfile(SessionAggregatesTest.WithUnreachableSource.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = FleetTestResource.class, initArgs = @ResourceArg(name = FleetTestResource.FROZEN, value = "false"))
@WithTestResource(OtlpTestResource.class)
class SessionAggregatesTest {

    public static class WithUnreachableSource implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("telemetry.sources.down.url", "http://127.0.0.1:" + LoopbackPorts.free(),
                    "telemetry.sources.down.max-attempts", "1",
                    "telemetry.sources.down.query-timeout", "2s");
        }
    }

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final Duration WINDOW = Duration.ofSeconds(8);

    @InjectFleet
    FleetSimulator simulator;

    @InjectFleet
    PrometheusComponent prometheus;

    @InjectOtlp
    OtlpReceiver receiver;

    @Inject
    SpanExportJob job;

    @Inject
    Pool pool;

    private SessionRows rows;
    private FleetDefinition fleet;

    @BeforeEach
    void clustersKnownToTheirSources() {
        rows = new SessionRows(pool);
        fleet = simulator.definition();
        rows.execute("DELETE FROM usage_session");
        rows.execute("DELETE FROM ai_cluster");
        rows.execute("INSERT INTO ai_cluster (source_id, name) SELECT id, unnest($1::text[]) FROM metric_source "
                + "WHERE name = 'fleet'", (Object) new String[] {"hub-a", "hub-b"});
        rows.execute("INSERT INTO ai_cluster (source_id, name) SELECT id, 'hub-down' FROM metric_source "
                + "WHERE name = 'down'");
        receiver.clear();
    }

    @Test
    void spansCarryTheUtilizationAndEnergyTheSimulatorReportedOverTheSession() throws Exception {
        FleetDevice nativeGpu = heldGpu("hub-a");
        FleetDevice federatedGpu = heldGpu("hub-b");
        FleetDevice blankGpu = fleet.devices().stream().filter(FleetDevice::blank).findFirst().orElseThrow();
        MigSlice slice = fleet.slices("hub-b").stream().filter(s -> fleet.podUsing(s).isPresent()).findFirst()
                .orElseThrow();
        FleetDevice sliceGpu = fleet.device(slice.deviceUuid());
        awaitSamplesCovering(nativeGpu.uuid());
        Instant end = Instant.now().minusMillis(1500).truncatedTo(ChronoUnit.MILLIS);
        Instant start = end.minus(WINDOW);
        long nativeId = rows.insert(onGpu("fp-native", start, end, nativeGpu));
        long federatedId = rows.insert(onGpu("fp-federated", start, end, federatedGpu));
        long blankId = rows.insert(onGpu("fp-blank", start, end, blankGpu));
        long sliceId = rows.insert(onGpu("fp-slice", start, end, sliceGpu).set("alert_name", "GpuSliceInUse")
                .set("gpu_instance_id", slice.gpuInstanceId()).set("mig_profile", slice.profile().name()));

        ExportReport report = job.exportDue().await().atMost(PATIENCE);

        assertThat(report.usageSpans()).isEqualTo(4);
        FleetReadings readings = simulator.readings();
        for (long id : new long[] {nativeId, federatedId}) {
            FleetDevice gpu = id == nativeId ? nativeGpu : federatedGpu;
            Map<String, Object> attributes = span(id).attributes();
            // dcgm-exporter reports whole percents: each sample is off by up to half a percent.
            assertThat((Double) attributes.get("gpu.utilization.avg")).as(gpu.uuid())
                    .isCloseTo(meanUtilization(t -> readings.utilizationPercent(gpu, t), start, end), within(1.0));
            double joules = readings.energyMillijoules(gpu, start, end) / 1000.0;
            // increase() extrapolates from the first and last scrape inside the window to its edges: a scrape
            // missed at an edge (a busy machine) costs up to half an interval of 8 s.
            assertThat((Double) attributes.get("gpu.energy.joules")).as(gpu.uuid())
                    .isCloseTo(joules, within(0.05 * joules));
            assertThat((Double) attributes.get("gpu.seconds")).isEqualTo(8.0);
        }
        Map<String, Object> blank = span(blankId).attributes();
        assertThat(blank).doesNotContainKey("gpu.utilization.avg").containsKey("gpu.energy.joules");
        Map<String, Object> onSlice = span(sliceId).attributes();
        assertThat((Double) onSlice.get("gpu.utilization.avg"))
                .isCloseTo(meanUtilization(t -> readings.utilizationPercent(slice, t), start, end), within(0.5));
        assertThat(onSlice).doesNotContainKey("gpu.energy.joules");
        assertThat((Double) onSlice.get("gpu.seconds"))
                .isCloseTo(8.0 * slice.profile().computeSlices() / 7, within(1e-9));
        Row stored = rows.byId(nativeId);
        assertThat(stored.getDouble("utilization_avg")).isEqualTo(span(nativeId).attributes().get("gpu.utilization.avg"));
        assertThat(stored.getDouble("energy_joules")).isEqualTo(span(nativeId).attributes().get("gpu.energy.joules"));
    }

    @Test
    void anUnreachableSourceHoldsTheSpanBackForTheConfiguredAttemptsOnlyThenItGoesOutWithoutReadings() {
        Instant end = Instant.now().minusSeconds(60).truncatedTo(ChronoUnit.MILLIS);
        long id = rows.insert(session("fp-down", end.minusSeconds(600)).finalAt(end, "RESOLVED")
                .set("cluster_name", "hub-down").set("gpu_uuid", "GPU-unreachable"));
        double failuresBefore = WorkerMetrics.value("telemetry_span_export_failures_total", "stage=\"aggregates\"");

        for (int attempt = 1; attempt < 3; attempt++) {
            ExportReport report = roundOnceDue(id);
            assertThat(report.aggregatesDeferred()).as("attempt %d", attempt).isEqualTo(1);
            assertThat(report.usageSpans()).isZero();
            Row row = rows.byId(id);
            assertThat(row.getInteger("export_attempts")).isEqualTo(attempt);
            assertThat(row.getString("last_export_error")).startsWith("aggregates: ");
            assertThat(row.getOffsetDateTime("aggregates_at")).isNull();
        }
        ExportReport third = roundOnceDue(id);

        assertThat(third.usageSpans()).isEqualTo(1);
        assertThat(span(id).attributes()).containsEntry("gpu.seconds", 600.0)
                .doesNotContainKeys("gpu.utilization.avg", "gpu.energy.joules");
        Row row = rows.byId(id);
        assertThat(row.getString("export_state")).isEqualTo("EXPORTED");
        assertThat(row.getOffsetDateTime("aggregates_at")).isNotNull();
        assertThat(row.getString("last_export_error")).isNull();
        assertThat(WorkerMetrics.value("telemetry_span_export_failures_total", "stage=\"aggregates\"") - failuresBefore)
                .isEqualTo(3);
    }

    private FleetDevice heldGpu(String cluster) {
        return fleet.devices(cluster).stream().filter(device -> !device.mig() && !device.blank()
                && fleet.podUsing(device).isPresent()).findFirst().orElseThrow();
    }

    private static SessionRows.Session onGpu(String fingerprint, Instant start, Instant end, FleetDevice gpu) {
        return session(fingerprint, start).finalAt(end, "RESOLVED").set("cluster_name", gpu.cluster())
                .set("node_name", gpu.node().name()).set("gpu_uuid", gpu.uuid()).set("gpu_index", gpu.index())
                .set("gpu_model", gpu.node().model().name());
    }

    /** Prometheus holds one-second scrapes of the GPU reaching well before the session's window. */
    private void awaitSamplesCovering(String uuid) {
        PrometheusApi api = new PrometheusApi(prometheus.url());
        long seconds = WINDOW.toSeconds() + 4;
        String samples = "count_over_time(DCGM_FI_DEV_FB_FREE{UUID=\"" + uuid + "\"}[" + seconds + "s])";
        Awaitility.await().atMost(PATIENCE).until(() -> api.scalar(samples) >= seconds);
    }

    private ExportReport roundOnceDue(long id) {
        Awaitility.await().atMost(PATIENCE).pollInterval(Duration.ofMillis(20)).until(() ->
                rows.all("SELECT next_export_at <= now() FROM usage_session WHERE id = $1", id).get(0).getBoolean(0));
        return job.exportDue().await().atMost(PATIENCE);
    }

    private ReceivedSpan span(long id) {
        String traceId = rows.byId(id).getString("trace_id");
        assertThat(receiver.spans(traceId)).hasSize(1);
        return receiver.spans(traceId).get(0);
    }

    /** The exact mean of a reading over [start, end], from its generating function. */
    private static double meanUtilization(Function<Instant, Double> percent, Instant start,
            Instant end) {
        int points = 800;
        double sum = 0;
        long nanos = Duration.between(start, end).toNanos();
        for (int i = 0; i < points; i++) {
            sum += percent.apply(start.plusNanos(nanos * i / (points - 1)));
        }
        return sum / points;
    }
}
