package org.aitelemetry.worker.session;

import static org.aitelemetry.worker.session.WebhookBodies.Alert.firing;
import static org.aitelemetry.worker.session.WebhookBodies.Alert.resolved;
import static org.aitelemetry.worker.session.WebhookBodies.post;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.devkit.otlp.InjectOtlp;
import org.aitelemetry.devkit.otlp.OtlpReceiver;
import org.aitelemetry.devkit.otlp.OtlpTestResource;
import org.aitelemetry.devkit.otlp.ReceivedSpan;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;
import org.aitelemetry.worker.span.SpanExportJob;
import org.aitelemetry.worker.span.SpanIds;
import org.junit.jupiter.api.Test;

/**
 * AMD GPUs take NVIDIA's path (issue 23): the alerts alertmanager/rules/gpu-usage.rules.yml fires for a whole MI300X
 * and for a CPX partition, posted as Alertmanager posts them, become sessions and then spans with the attributes a
 * whole NVIDIA GPU and a MIG slice get, the partition counting its share of the GPU in GPU-seconds. No metric source
 * is configured here: GPU-seconds are the spans' only aggregate.
 */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
@WithTestResource(OtlpTestResource.class)
class AmdSessionsTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final Duration HELD = Duration.ofMinutes(30);
    private static final Duration GRACE = Duration.ofMinutes(15);

    @Inject
    SessionProcessor processor;

    @Inject
    SessionTick tick;

    @Inject
    SpanExportJob job;

    @InjectOtlp
    OtlpReceiver receiver;

    private final Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofHours(2));

    @Test
    void anAmdGpuAndPartitionBecomeSpansAsAnNvidiaGpuAndMigSliceDo() {
        Map<String, String> mi300x = alert("GpuInUse", "AMD-692409005408", "2", "AMD Instinct MI300X OAM", "train-0");
        Map<String, String> partition = slice(alert("GpuSliceInUse", "AMD-692409005500", "11",
                "AMD Instinct MI300X OAM", "jupyter-0"), "3", "cpx/nps4");
        Map<String, String> h100 = alert("GpuInUse", "GPU-aaaa", "0", "NVIDIA H100 80GB HBM3", "train-1");
        Map<String, String> mig = slice(alert("GpuSliceInUse", "GPU-dddd", "3", "NVIDIA A100-SXM4-80GB",
                "jupyter-1"), "2", "3g.40gb");

        Map<String, Object> amdGpu = usageSpan(mi300x);
        Map<String, Object> amdSlice = usageSpan(partition);
        Map<String, Object> nvidiaGpu = usageSpan(h100);
        Map<String, Object> nvidiaSlice = usageSpan(mig);

        assertThat(amdGpu).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(Map.entry("k8s.cluster.name", "hub-a"),
                Map.entry("k8s.node.name", "tw038"), Map.entry("k8s.namespace.name", "team-a"),
                Map.entry("k8s.pod.name", "train-0"), Map.entry("k8s.container.name", "trainer"),
                Map.entry("gpu.uuid", "AMD-692409005408"), Map.entry("gpu.index", 2L),
                Map.entry("gpu.model", "AMD Instinct MI300X OAM"), Map.entry("research.project", "team-a"),
                Map.entry("alert.name", "GpuInUse"), Map.entry("alert.fingerprint", mi300x.get("fingerprint")),
                Map.entry("session.close_reason", "resolved"), Map.entry("gpu.seconds", 1800.0)));
        assertThat(amdSlice).containsEntry("gpu.uuid", "AMD-692409005500").containsEntry("gpu.index", 11L)
                .containsEntry("gpu.mig.profile", "cpx/nps4").containsEntry("gpu.mig.instance_id", 3L)
                .containsEntry("alert.name", "GpuSliceInUse")
                .as("one of a CPX MI300X's eight partitions").containsEntry("gpu.seconds", 1800.0 / 8);
        assertThat(amdGpu.keySet()).isEqualTo(nvidiaGpu.keySet());
        assertThat(amdSlice.keySet()).isEqualTo(nvidiaSlice.keySet());
        assertThat(nvidiaSlice).containsEntry("gpu.seconds", 1800.0 * (3.0 / 7));
    }

    /** Fires, resolves after {@link #HELD}, finalises after the grace period and exports: the session's usage span. */
    private Map<String, Object> usageSpan(Map<String, String> alert) {
        String fingerprint = alert.get("fingerprint");
        Map<String, String> labels = new HashMap<>(alert);
        labels.remove("fingerprint");
        post(firing(fingerprint, start, labels)).statusCode(200);
        processor.drain().await().atMost(PATIENCE);
        post(resolved(fingerprint, start, start.plus(HELD), labels)).statusCode(200);
        processor.drain().await().atMost(PATIENCE);
        tick.finaliseDue(Instant.now().plus(GRACE).plusSeconds(1)).await().atMost(PATIENCE);
        String traceId = SpanIds.traceId(fingerprint, start);
        return await().atMost(PATIENCE).until(() -> {
            job.exportDue().await().atMost(PATIENCE);
            return receiver.spans(traceId).stream().filter(span -> span.name().equals("gpu.usage")).findFirst()
                    .map(ReceivedSpan::attributes).orElse(null);
        }, span -> span != null);
    }

    /** The labels the rules give the alert, and a fingerprint of its own under the key {@code fingerprint}. */
    private static Map<String, String> alert(String name, String uuid, String index, String model, String pod) {
        Map<String, String> labels = new HashMap<>(Map.of("alertname", name, "cluster", "hub-a", "Hostname", "tw038",
                "UUID", uuid, "gpu", index, "modelName", model, "namespace", "team-a", "pod", pod,
                "container", "trainer", "telemetry", "gpu-usage"));
        labels.put("severity", "none");
        labels.put("fingerprint", UUID.randomUUID().toString().replace("-", "").substring(0, 16));
        return labels;
    }

    private static Map<String, String> slice(Map<String, String> labels, String instance, String profile) {
        labels.put("GPU_I_ID", instance);
        labels.put("GPU_I_PROFILE", profile);
        return labels;
    }
}
