package org.aitelemetry.worker.promql;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.worker.allocation.MetadataSettings;
import org.aitelemetry.worker.config.WorkerConfig;
import org.junit.jupiter.api.Test;

/**
 * Every query of the catalogue, letter for letter, against {@code promql/query-catalogue.txt}: the label spellings,
 * blank bounds and exporter matchers come from shared constants, and a change to one of them must show here.
 */
class QueryCatalogueTest {

    private static final Config CONFIG = new Config(new Sync("60s", "0s", 3, Duration.ofMinutes(10)),
            Set.of("nvidia-dcgm-exporter"),
            new AllExporters(new Exporter("nvidia-dcgm-exporter", "nvidia-gpu-operator"),
                    new Exporter("kube-state-metrics", ExporterSelector.ANY_NAMESPACE),
                    new Exporter("clusterlifecycle-state-metrics-v2", "multicluster-engine"),
                    new Exporter("kubevirt-prometheus-metrics", ExporterSelector.ANY_NAMESPACE),
                    new Exporter("amd-device-metrics-exporter", "kube-amd-gpu")));

    private final QueryCatalogue queries = new QueryCatalogue(CONFIG, MetadataSettings.coldFront(),
            new AmdQueries(CONFIG));

    @Test
    void everyQueryReadsAsWritten() throws IOException {
        List<String> rendered = new ArrayList<>();
        rendered.add("inventory | " + queries.inventory());
        for (DcgmField field : DcgmField.values()) {
            rendered.add("reading " + field + " | " + queries.reading(field));
        }
        rendered.add("amdInventory | " + queries.amd().inventory());
        rendered.add("amdReadings | " + queries.amd().readings());
        rendered.add("nodeLabels | " + queries.nodeLabels());
        rendered.add("nodeGpuCapacity | " + queries.nodeGpuCapacity());
        rendered.add("nodeInfo | " + queries.nodeInfo());
        rendered.add("allocations | " + queries.allocations());
        rendered.add("restartingPods | " + queries.restartingPods());
        rendered.add("terminatingPods | " + queries.terminatingPods());
        rendered.add("fullVolumeClaims | " + queries.fullVolumeClaims());
        rendered.add("vllmNamespaces | " + queries.vllmNamespaces());
        rendered.add("namespaceAnnotations | " + queries.namespaceAnnotations());
        rendered.add("namespaceLabels | " + queries.namespaceLabels());
        rendered.add("managedClusterInfo | " + queries.managedClusterInfo());
        rendered.add("managedClusterLabels | " + queries.managedClusterLabels());
        rendered.add("vmGpuRequests | " + queries.vmGpuRequests());
        rendered.add("vmInstances | " + queries.vmInstances());
        rendered.add("gpuUtilization | " + queries.gpuUtilization());
        rendered.add("sliceActivity | " + queries.sliceActivity());
        rendered.add("energy | " + queries.energy());
        rendered.add("vmGpusHeld | " + queries.vmGpusHeld());
        rendered.add("sessionAverage GPU | "
                + queries.sessionAverage(DcgmField.GPU_UTIL, "GPU-1", null, Duration.ofMinutes(90)));
        rendered.add("sessionAverage slice | "
                + queries.sessionAverage(DcgmField.GR_ENGINE_ACTIVE, "GPU-\"2", 3, Duration.ofSeconds(61)));
        rendered.add("sessionEnergy | " + queries.sessionEnergy("GPU-3", Duration.ofHours(2)));

        assertThat(rendered).containsExactlyElementsOf(expected());
    }

    private static List<String> expected() throws IOException {
        try (InputStream text = QueryCatalogueTest.class.getResourceAsStream("/promql/query-catalogue.txt")) {
            return new String(text.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    private record Config(WorkerConfig.SyncConfig sync, Set<String> exporterContainers,
            WorkerConfig.Exporters exporters) implements WorkerConfig {

        @Override
        public Replicas replicas() {
            throw new UnsupportedOperationException();
        }
    }

    private record AllExporters(WorkerConfig.Dcgm dcgm, WorkerConfig.KubeStateMetrics kubeStateMetrics,
            WorkerConfig.Acm acm, WorkerConfig.KubeVirt kubevirt, WorkerConfig.Amd amd)
            implements WorkerConfig.Exporters {
    }

    private record Sync(String every, String firstDelay, int missingAfterCycles, Duration lookback)
            implements WorkerConfig.SyncConfig {
    }

    /** The exporters' settings have the same shape; only their defaults differ. */
    private record Exporter(String job, String namespace)
            implements WorkerConfig.Dcgm, WorkerConfig.KubeStateMetrics, WorkerConfig.Acm, WorkerConfig.KubeVirt,
            WorkerConfig.Amd {
    }
}
