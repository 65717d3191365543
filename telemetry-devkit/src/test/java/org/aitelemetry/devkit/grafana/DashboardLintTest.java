package org.aitelemetry.devkit.grafana;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The shipped dashboards are importable as they are, into any Grafana with any Prometheus datasource. */
class DashboardLintTest {

    private static final String NVIDIA_HELD = "cluster_gpu_pod:DCGM_FI_DEV_FB_USED:max";

    static List<Dashboard> dashboards() {
        return Dashboard.shipped();
    }

    @Test
    void everyDashboardIsShippedWithAUniqueUidAndTitle() {
        List<Dashboard> dashboards = dashboards();
        assertThat(dashboards).extracting(Dashboard::name)
                .containsExactly("fleet.json", "gpu-health.json", "project.json", "usage-sessions.json");
        assertThat(dashboards).extracting(d -> d.json().path("uid").asText()).doesNotContain("").doesNotHaveDuplicates();
        assertThat(dashboards).extracting(d -> d.json().path("title").asText()).doesNotContain("")
                .doesNotHaveDuplicates();
    }

    @ParameterizedTest
    @MethodSource("dashboards")
    void choosesItsPrometheusThroughTheDatasourceVariable(Dashboard dashboard) {
        assertThat(dashboard.json().path("schemaVersion").asInt()).isGreaterThanOrEqualTo(36);
        assertThat(dashboard.variables()).anySatisfy(variable -> {
            assertThat(variable.path("name").asText()).isEqualTo("datasource");
            assertThat(variable.path("type").asText()).isEqualTo("datasource");
            assertThat(variable.path("query").asText()).isEqualTo("prometheus");
        });
        assertThat(dashboard.variables()).extracting(v -> v.path("name").asText()).contains("cluster")
                .doesNotHaveDuplicates();
        // No datasource is named by uid anywhere: panels, targets and query variables all use the variable.
        List<JsonNode> datasources = dashboard.json().findValues("datasource");
        assertThat(datasources).isNotEmpty().allSatisfy(datasource -> assertThat(
                datasource.isObject() ? datasource.path("uid").asText() : datasource.asText())
                .isEqualTo(Dashboard.DATASOURCE_VARIABLE));
    }

    @ParameterizedTest
    @MethodSource("dashboards")
    void everyPanelIsPlacedAndQueriesPrometheus(Dashboard dashboard) {
        Set<Integer> ids = new HashSet<>();
        assertThat(dashboard.panels()).isNotEmpty().allSatisfy(panel -> {
            String title = panel.path("title").asText();
            assertThat(title).isNotBlank();
            assertThat(ids.add(panel.path("id").asInt())).as("unique id of " + title).isTrue();
            JsonNode grid = panel.path("gridPos");
            assertThat(List.of("h", "w", "x", "y")).as(title).allMatch(field -> grid.path(field).isInt());
            assertThat(grid.path("x").asInt() + grid.path("w").asInt()).as(title).isLessThanOrEqualTo(24);
            assertThat(panel.path("datasource").path("uid").asText()).as(title).isEqualTo(Dashboard.DATASOURCE_VARIABLE);
            List<String> refIds = new ArrayList<>();
            assertThat(panel.path("targets")).as(title).isNotEmpty().allSatisfy(target -> {
                refIds.add(target.path("refId").asText());
                assertThat(target.path("expr").asText()).as(title).isNotBlank();
            });
            assertThat(refIds).as(title).doesNotContain("").doesNotHaveDuplicates();
        });
    }

    @ParameterizedTest
    @MethodSource("dashboards")
    void readsOnlyTheExportersOwnSeries(Dashboard dashboard) {
        assertThat(dashboard.queries()).allSatisfy(query -> assertThat(ExporterJobRule.violations(query)).as(query)
                .isEmpty());
    }

    /** GPUs held are GPUs of either vendor: AMD's recorded series beside NVIDIA's, except where DCGM fields join in. */
    @ParameterizedTest
    @MethodSource("dashboards")
    void countsAmdGpusWhereverItCountsHeldGpus(Dashboard dashboard) {
        assertThat(dashboard.queries()).filteredOn(query -> query.contains(NVIDIA_HELD))
                .filteredOn(query -> !query.contains("DCGM_FI_DEV_GPU_UTIL") && !query.contains("DCGM_FI_PROF_"))
                .allSatisfy(query -> assertThat(query).contains("gpu_used_vram"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            DCGM_FI_DEV_GPU_UTIL{job="nvidia-dcgm-exporter", cluster="a"}              | 0
            sum(kube_node_info{job="kube-state-metrics"})                               | 0
            cluster_gpu_pod:DCGM_FI_DEV_FB_USED:max{namespace="x"}                       | 0
            {__name__=~"cluster_gpu_pod:(DCGM_FI_DEV_FB_USED.gpu_used_vram):max"}        | 0
            {__name__=~"cluster_gpu_pod:.+"} or DCGM_FI_DEV_FB_USED{cluster="a"}         | 1
            DCGM_FI_DEV_GPU_UTIL{cluster="a"}                                           | 1
            max(DCGM_FI_DEV_GPU_TEMP)                                                   | 1
            kube_node_info{job="nvidia-dcgm-exporter"}                                  | 1
            DCGM_FI_DEV_FB_FREE{job="tenant-app"} or kube_pod_info{job="kube-state-metrics"} | 1
            """)
    void exporterJobRule(String promql, int violations) {
        assertThat(ExporterJobRule.violations(promql)).hasSize(violations);
    }
}
