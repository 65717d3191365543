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
import org.aitelemetry.worker.config.WorkerConfig;
import org.junit.jupiter.api.Test;

/**
 * Every query of the catalogue, letter for letter, against {@code promql/query-catalogue.txt}: the label spellings,
 * blank bounds and exporter matchers come from shared constants, and a change to one of them must show here.
 */
class QueryCatalogueTest {

    private final QueryCatalogue queries = new QueryCatalogue(new Config());

    @Test
    void everyQueryReadsAsWritten() throws IOException {
        List<String> rendered = new ArrayList<>();
        rendered.add("inventory | " + queries.inventory());
        for (DcgmField field : DcgmField.values()) {
            rendered.add("reading " + field + " | " + queries.reading(field));
        }
        rendered.add("nodeLabels | " + queries.nodeLabels());
        rendered.add("nodeGpuCapacity | " + queries.nodeGpuCapacity());
        rendered.add("nodeInfo | " + queries.nodeInfo());
        rendered.add("allocations | " + queries.allocations());
        rendered.add("restartingPods | " + queries.restartingPods());
        rendered.add("terminatingPods | " + queries.terminatingPods());
        rendered.add("fullVolumeClaims | " + queries.fullVolumeClaims());
        rendered.add("vllmNamespaces | " + queries.vllmNamespaces());
        rendered.add("gpuUtilization | " + queries.gpuUtilization());
        rendered.add("sliceActivity | " + queries.sliceActivity());
        rendered.add("energy | " + queries.energy());
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

    private record Config() implements WorkerConfig {

        @Override
        public SyncConfig sync() {
            return new Sync();
        }

        @Override
        public Set<String> exporterContainers() {
            return Set.of("nvidia-dcgm-exporter");
        }

        @Override
        public Exporters exporters() {
            return new Exporters() {
                @Override
                public Dcgm dcgm() {
                    return new DcgmExporter();
                }

                @Override
                public KubeStateMetrics kubeStateMetrics() {
                    return new KubeExporter();
                }
            };
        }
    }

    private record Sync() implements WorkerConfig.SyncConfig {

        @Override
        public String every() {
            return "60s";
        }

        @Override
        public String firstDelay() {
            return "0s";
        }

        @Override
        public int missingAfterCycles() {
            return 3;
        }

        @Override
        public Duration lookback() {
            return Duration.ofMinutes(10);
        }
    }

    private record DcgmExporter() implements WorkerConfig.Dcgm {

        @Override
        public String job() {
            return "nvidia-dcgm-exporter";
        }

        @Override
        public String namespace() {
            return "nvidia-gpu-operator";
        }
    }

    private record KubeExporter() implements WorkerConfig.KubeStateMetrics {

        @Override
        public String job() {
            return "kube-state-metrics";
        }

        @Override
        public String namespace() {
            return ExporterSelector.ANY_NAMESPACE;
        }
    }
}
