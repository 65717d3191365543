package org.aitelemetry.worker.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.fleet.AmdDevice;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.devkit.prometheus.PrometheusApi;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * AMD Instinct GPUs beside NVIDIA ones, against real Prometheus scraping the simulator's device-metrics-exporter pages
 * (clusters scraped as is and federated): every board is one GPU known by its serial, CPX boards have their eight
 * partitions as slices, sentinel values never become readings, holders are projects and the exporter's own pod is not.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = FleetTestResource.class, initArgs = @ResourceArg(name = FleetTestResource.AMD_NODES,
        value = "1"))
class FleetSyncAmdTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String AMD_DEVICES = """
            SELECT c.name AS cluster, n.name AS node, g.product_name, d.* FROM gpu_device d
            JOIN ai_node n ON n.id = d.node_id JOIN ai_cluster c ON c.id = n.cluster_id JOIN gpu g ON g.id = d.gpu_id
            WHERE d.uuid LIKE 'AMD-%'""";

    @InjectFleet
    FleetSimulator simulator;

    @InjectFleet
    PrometheusComponent prometheus;

    @Inject
    FleetSync sync;

    @Inject
    SourceClients sources;

    @Inject
    Pool pool;

    private FleetDefinition fleet;
    private Rows rows;

    @BeforeEach
    void everyAmdSeriesIsInPrometheus() throws Exception {
        fleet = simulator.definition();
        rows = new Rows(pool);
        new FleetInPrometheus(fleet, prometheus).awaitWhole();
        new PrometheusApi(prometheus.url()).awaitValue("count(last_over_time(gpu_total_vram{job=\""
                + FleetSimulator.AMD_JOB + "\"}[3s]))", fleet.amdDevices().size(), PATIENCE);
    }

    @Test
    void everyBoardIsOneGpuAndACpxBoardsPartitionsAreItsSlices() {
        SyncReport report = sync();

        Map<String, List<AmdDevice>> boards = fleet.amdDevices().stream()
                .collect(Collectors.groupingBy(amd -> "AMD-" + amd.serial(), LinkedHashMap::new, Collectors.toList()));
        assertThat(boards.values()).as("a partitioned board in the simulated fleet").anyMatch(b -> b.size() == 8);
        Map<String, Row> stored = new HashMap<>();
        rows.all(AMD_DEVICES).forEach(row -> stored.put(row.getString("uuid"), row));
        assertThat(stored.keySet()).containsExactlyInAnyOrderElementsOf(boards.keySet());
        assertThat(report.devices()).isEqualTo(fleet.devices().size() + boards.size());
        boards.forEach((id, exporterGpus) -> {
            AmdDevice first = exporterGpus.get(0);
            Row row = stored.get(id);
            assertThat(row.getString("cluster")).as(id).isEqualTo(first.cluster());
            assertThat(row.getString("node")).isEqualTo(first.node().name());
            assertThat(row.getString("product_name")).isEqualTo(first.model().gpu().name());
            assertThat(row.getBoolean("mig_enabled")).isEqualTo(first.partition());
            assertThat(row.getDouble("energy_joules")).as("µJ stored as J").isPositive();
            List<Row> slices = rows.all("SELECT * FROM gpu_slice WHERE device_id = $1 ORDER BY gpu_instance_id",
                    row.getLong("id"));
            if (first.partition()) {
                assertThat(slices).extracting(slice -> slice.getInteger("gpu_instance_id"))
                        .containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
                assertThat(slices).allSatisfy(slice -> assertThat(slice.getString("profile")).isEqualTo("cpx/nps4"));
                assertThat(row.getDouble("memory_used_mib") + row.getDouble("memory_free_mib"))
                        .as("VRAM adds up over the partitions").isCloseTo(first.memoryMiB() * 8.0, within(0.5));
            } else {
                assertThat(slices).isEmpty();
                assertThat(row.getDouble("memory_used_mib") + row.getDouble("memory_free_mib"))
                        .isCloseTo((double) first.memoryMiB(), within(0.5));
            }
        });
        assertThat(rows.set("SELECT namespace FROM research_project", r -> r.getString(0)))
                .as("the exporter's own pod holds nothing").doesNotContain("kube-amd-gpu");
    }

    @Test
    void sentinelsOfAnOlderExporterNeverBecomeReadings() {
        sync();

        List<AmdDevice> blank = fleet.amdDevices().stream().filter(amd -> amd.device().blank()).toList();
        assertThat(blank).as("the simulator has a GPU publishing 65535").isNotEmpty();
        for (AmdDevice amd : blank) {
            Row row = rows.all(AMD_DEVICES + " AND d.uuid = $1", "AMD-" + amd.serial()).get(0);
            assertThat(row.getValue("power_watts")).isNull();
            assertThat(row.getValue("temperature_celsius")).isNull();
            assertThat(row.getValue("memory_temperature_celsius")).isNull();
            assertThat(row.getDouble("energy_joules")).isPositive();
        }
        assertThat(rows.count("SELECT count(*) FROM gpu_device WHERE temperature_celsius > 200 OR power_watts > 10000"))
                .isZero();
    }

    private SyncReport sync() {
        return sync.sync(source()).await().atMost(PATIENCE);
    }

    private SourceDefinition source() {
        return sources.definitions().stream().filter(s -> s.name().equals(FleetTestResource.SOURCE)).findFirst()
                .orElseThrow();
    }
}
