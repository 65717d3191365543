package org.aitelemetry.devkit.alertmanager;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.fleet.AmdDevice;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetPod;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.aitelemetry.devkit.fleet.MigSlice;
import org.aitelemetry.devkit.fleet.PastHolding;
import org.aitelemetry.devkit.prometheus.PrometheusApi;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.devkit.prometheus.PrometheusSettings;
import org.aitelemetry.devkit.prometheus.ScrapeTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped rules, as they are, in a real Prometheus scraping the fleet simulator's native (hub-a) and federated
 * (hub-b) pages: every held GPU and MIG slice, and nothing else, becomes one usage series with the same label names.
 * So does every held AMD GPU and CPX partition of each cluster's AMD node (an MI300X with SPX and CPX boards on hub-a,
 * an MI250X on hub-b), as {@code AMD-<serial>}, a partition as a slice {@code cpx/nps4}; the AMD exporter's own pod
 * holds nothing. The alerts themselves wait `for` a minute; being pending already shows that both select the right
 * series. A tenant's job forges held GPUs of another team's namespace on both clusters, an AMD one among them
 * (acceptance scenario 30): none of them counts.
 */
class GpuUsageRulesOnFleetTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final String USAGE =
            "(cluster_gpu_pod:DCGM_FI_DEV_FB_USED:max or cluster_gpu_pod:gpu_used_vram:max)";
    private static final String FORGED = "{__name__=~\"DCGM_FI_DEV_FB_USED|gpu_used_vram\", job=\""
            + FleetSimulator.TENANT_JOB + "\"}";
    private static final List<String> SESSION_LABELS = List.of("cluster", "Hostname", "UUID", "gpu", "modelName",
            "GPU_I_ID", "GPU_I_PROFILE", "namespace", "pod", "container");
    private static final int GPU_I_ID = SESSION_LABELS.indexOf("GPU_I_ID");
    private static final int GPU_I_PROFILE = SESSION_LABELS.indexOf("GPU_I_PROFILE");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workspaceDir;

    private final FleetDefinition fleet = FleetDefinition.generate(FleetSpec.builder(11).amdNodesPerCluster(1).build());
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void everyHeldGpuAndSliceBecomesOneUniformlyLabelledUsageSeries() throws Exception {
        Set<String> expected = expectedUsage();
        List<List<String>> amd = amdSessions();
        long amdPartitions = amd.stream().filter(session -> !session.get(GPU_I_ID).isEmpty()).count();
        long slices = fleet.slices().stream().filter(slice -> fleet.podUsing(slice).isPresent()).count()
                + amdPartitions;
        assertThat(slices).as("held slices").isPositive().isLessThan(expected.size());
        assertThat(expected).as("held in both label variants")
                .anyMatch(key -> key.startsWith("cluster=hub-a,")).anyMatch(key -> key.startsWith("cluster=hub-b,"));
        assertThat(amd).as("AMD GPUs held in both label variants, partitions among them")
                .anyMatch(session -> session.get(0).equals("hub-a")).anyMatch(session -> session.get(0).equals("hub-b"))
                .anyMatch(session -> session.get(GPU_I_PROFILE).equals("cpx/nps4"));
        assertThat(amdPartitions).isPositive().isLessThan(amd.size());
        assertThat(fleet.amdDevices("hub-b")).as("the exporter's own pod is on the series of an unheld GPU")
                .anyMatch(device -> fleet.podUsing(device.device()).isEmpty());
        try (FleetSimulator simulator = new FleetSimulator(fleet)) {
            simulator.start();
            List<ScrapeTarget> targets = new ArrayList<>(simulator.scrapeTargets());
            targets.addAll(simulator.tenantTargets());
            PrometheusSettings settings = PrometheusSettings.fast().withTargets(targets)
                    .withRuleFiles(List.of(AlertRulesTest.ARTEFACTS.resolve("rules/gpu-usage.rules.yml")));
            try (PrometheusComponent prometheus = new PrometheusComponent(new Workspace(workspaceDir), settings)) {
                prometheus.start();
                PrometheusApi api = new PrometheusApi(prometheus.url());

                long forgedAmd = fleet.clusters().stream()
                        .filter(cluster -> simulator.forgery().forgedAmdDevice(cluster.name()).isPresent()).count();
                assertThat(forgedAmd).as("an AMD GPU forged on each cluster").isEqualTo(fleet.clusters().size());
                api.awaitValue("count(" + FORGED + ")", 3 * fleet.clusters().size() + forgedAmd, PATIENCE);
                // Usage as evaluated after the forged samples were stored, not before.
                api.awaitValue("count(timestamp(" + USAGE + ") > scalar(max(timestamp(" + FORGED + "))))",
                        expected.size(), PATIENCE);
                Set<String> usage = usageSeries(prometheus.url());
                assertThat(usage).isEqualTo(expected)
                        .noneMatch(key -> key.contains(",namespace=" + FleetSimulator.AMD_NAMESPACE + ","));
                api.awaitValue("count(ALERTS{alertname=\"GpuSliceInUse\", alertstate=\"pending\"})", slices, PATIENCE);
                api.awaitValue("count(ALERTS{alertname=\"GpuInUse\", alertstate=\"pending\"})", expected.size() - slices,
                        PATIENCE);
                api.awaitValue("count(ALERTS{alertname=\"GpuSliceInUse\", UUID=~\"AMD-.+\","
                        + " GPU_I_PROFILE=\"cpx/nps4\"})", amdPartitions, PATIENCE);
                api.awaitValue("count(ALERTS{alertname=\"GpuInUse\", UUID=~\"AMD-.+\"})",
                        amd.size() - amdPartitions, PATIENCE);
                assertAnnotationsAreSessionAlerts(prometheus.url(), expected.size());
            }
        }
    }

    /**
     * The alerts as Prometheus renders them from the rules are those the devkit posts for the sessions of a simulated
     * past ({@link PastHolding#alertLabels()}, {@link SessionAlert#annotations}), had the same pods held the GPUs then.
     */
    private void assertAnnotationsAreSessionAlerts(String prometheusUrl, int alerts) throws Exception {
        JsonNode pending = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(prometheusUrl + "/api/v1/alerts"))
                .build(), HttpResponse.BodyHandlers.ofString()).body()).path("data").path("alerts");
        Set<Map<String, String>> asPosted = new HashSet<>();
        amdSessions().forEach(session -> asPosted.add(alertLabels(session)));
        for (FleetPod pod : fleet.pods()) {
            pod.devices().stream().filter(device -> !fleet.isAmd(device)).forEach(device -> asPosted.add(
                    new PastHolding(pod, device, Optional.empty(), Instant.EPOCH, Instant.EPOCH).alertLabels()));
            pod.slices().forEach(slice -> asPosted.add(new PastHolding(pod, fleet.device(slice.deviceUuid()),
                    Optional.of(slice), Instant.EPOCH, Instant.EPOCH).alertLabels()));
        }
        Set<Map<String, String>> rendered = new HashSet<>();
        for (JsonNode alert : pending) {
            Map<String, String> labels = JSON.convertValue(alert.path("labels"), new TypeReference<>() { });
            Map<String, String> annotations = JSON.convertValue(alert.path("annotations"), new TypeReference<>() { });
            assertThat(annotations).as("annotations of %s", labels).isEqualTo(SessionAlert.annotations(labels));
            rendered.add(labels);
        }
        assertThat(rendered).hasSize(alerts).isEqualTo(asPosted);
    }

    /** The labels the rules give the alert of an AMD session: those of its usage series that are not empty. */
    private static Map<String, String> alertLabels(List<String> session) {
        Map<String, String> labels = new HashMap<>();
        for (int i = 0; i < SESSION_LABELS.size(); i++) {
            if (!session.get(i).isEmpty()) {
                labels.put(SESSION_LABELS.get(i), session.get(i));
            }
        }
        labels.put("alertname", session.get(GPU_I_ID).isEmpty() ? "GpuInUse" : "GpuSliceInUse");
        labels.put("severity", "none");
        labels.put("telemetry", "gpu-usage");
        return labels;
    }

    /** The usage series' label values of each held AMD GPU or partition, in the order of {@link #SESSION_LABELS}. */
    private List<List<String>> amdSessions() {
        List<List<String>> sessions = new ArrayList<>();
        for (AmdDevice amd : fleet.amdDevices()) {
            String partition = amd.partition() ? String.valueOf(amd.partitionId()) : "";
            fleet.podUsing(amd.device()).ifPresent(pod -> sessions.add(values(amd.device(), amd.gpuId(), pod,
                    partition, amd.partitionProfile().orElse(""))));
        }
        return sessions;
    }

    /** One key per held whole GPU, MIG slice, AMD GPU or partition, from the fleet definition. */
    private Set<String> expectedUsage() {
        Set<String> expected = new HashSet<>();
        amdSessions().forEach(session -> expected.add(key(session)));
        for (FleetDevice device : fleet.devices()) {
            if (device.mig()) {
                for (MigSlice slice : device.slices()) {
                    fleet.podUsing(slice).ifPresent(pod -> expected.add(key(device, pod,
                            String.valueOf(slice.gpuInstanceId()), slice.profile().name())));
                }
            } else {
                fleet.podUsing(device).ifPresent(pod -> expected.add(key(device, pod, "", "")));
            }
        }
        return expected;
    }

    private static String key(FleetDevice device, FleetPod pod, String gpuInstanceId, String profile) {
        return key(values(device, device.uuid(), pod, gpuInstanceId, profile));
    }

    private static List<String> values(FleetDevice device, String uuid, FleetPod pod, String gpuInstanceId,
            String profile) {
        return List.of(device.cluster(), device.node().name(), uuid, String.valueOf(device.index()),
                device.node().model().name(), gpuInstanceId, profile, pod.namespace(), pod.name(), pod.container());
    }

    private static String key(List<String> values) {
        StringBuilder key = new StringBuilder();
        for (int i = 0; i < SESSION_LABELS.size(); i++) {
            key.append(SESSION_LABELS.get(i)).append('=').append(values.get(i)).append(',');
        }
        return key.toString();
    }

    /** The usage series' label sets as keys; a label outside {@link #SESSION_LABELS} fails the test. */
    private Set<String> usageSeries(String prometheusUrl) throws Exception {
        URI query = URI.create(prometheusUrl + "/api/v1/query?query=" + URLEncoder.encode(USAGE, StandardCharsets.UTF_8));
        JsonNode result = JSON.readTree(http.send(HttpRequest.newBuilder(query).build(),
                HttpResponse.BodyHandlers.ofString()).body()).path("data").path("result");
        Set<String> keys = new HashSet<>();
        for (JsonNode series : result) {
            JsonNode metric = series.path("metric");
            Set<String> labels = new HashSet<>();
            metric.fieldNames().forEachRemaining(labels::add);
            labels.remove("__name__");
            assertThat(SESSION_LABELS).containsAll(labels);
            keys.add(key(SESSION_LABELS.stream().map(label -> metric.path(label).asText()).toList()));
        }
        return keys;
    }
}
