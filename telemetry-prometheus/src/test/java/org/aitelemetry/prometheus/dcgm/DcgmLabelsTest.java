package org.aitelemetry.prometheus.dcgm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.aitelemetry.prometheus.Series;
import org.junit.jupiter.api.Test;

class DcgmLabelsTest {

    private final DcgmLabels labels = new DcgmLabels(Set.of("nvidia-dcgm-exporter"));

    @Test
    void scrapedDirectlyThePlainLabelsNameTheWorkload() {
        Series held = series(Map.of("UUID", "GPU-1", "namespace", "nlp", "pod", "train-0", "container", "main"));
        Series free = series(Map.of("UUID", "GPU-1"));

        assertThat(labels.holderNamespace(held)).hasValue("nlp");
        assertThat(labels.holderPod(held)).hasValue("train-0");
        assertThat(labels.holderContainer(held)).hasValue("main");
        assertThat(labels.holderNamespace(free)).isEmpty();
        assertThat(labels.holderPod(free)).isEmpty();
        assertThat(labels.uuid(held)).hasValue("GPU-1");
    }

    @Test
    void afterFederationTheExportedLabelsNameTheWorkloadAndTheExporterPodHoldsNothing() {
        Map<String, String> exporter = Map.of("uuid", "GPU-2", "namespace", "nvidia-gpu-operator",
                "pod", "nvidia-dcgm-exporter-x7", "container", "nvidia-dcgm-exporter");
        Series free = series(exporter);
        HashMap<String, String> heldLabels = new HashMap<>(exporter);
        heldLabels.putAll(Map.of("exported_namespace", "vision", "exported_pod", "notebook-0",
                "exported_container", "jupyter"));

        assertThat(labels.holderNamespace(series(heldLabels))).hasValue("vision");
        assertThat(labels.holderPod(series(heldLabels))).hasValue("notebook-0");
        assertThat(labels.holderContainer(series(heldLabels))).hasValue("jupyter");
        assertThat(labels.holderNamespace(free)).isEmpty();
        assertThat(labels.holderPod(free)).isEmpty();
        assertThat(labels.holderContainer(free)).isEmpty();
        assertThat(labels.uuid(free)).hasValue("GPU-2");
    }

    @Test
    void aMigSeriesCarriesItsGpuInstance() {
        assertThat(labels.gpuInstanceId(series(Map.of("UUID", "GPU-3", "GPU_I_ID", "13")))).hasValue(13);
        assertThat(labels.gpuInstanceId(series(Map.of("UUID", "GPU-3")))).isEmpty();
    }

    @Test
    void theHostIsReadInEitherSpelling() {
        assertThat(labels.hostname(series(Map.of("UUID", "GPU-4", "Hostname", "node-a")))).hasValue("node-a");
        assertThat(labels.hostname(series(Map.of("UUID", "GPU-4", "hostname", "node-b")))).hasValue("node-b");
        assertThat(labels.hostname(series(Map.of("UUID", "GPU-4")))).isEmpty();
    }

    private static Series series(Map<String, String> labels) {
        return new Series(labels, List.of());
    }
}
