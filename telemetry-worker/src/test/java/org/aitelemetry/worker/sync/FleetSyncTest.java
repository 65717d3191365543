package org.aitelemetry.worker.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.fleet.ColdFrontAllocation;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetNode;
import org.aitelemetry.devkit.fleet.FleetPod;
import org.aitelemetry.devkit.fleet.FleetReadings;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.FleetVolume;
import org.aitelemetry.devkit.fleet.HubExposition;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.fleet.MigSlice;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.model.fleet.SyncStatus;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.aitelemetry.worker.source.SourceCycles;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The sync against real Prometheus scraping the simulated fleet (two clusters, one per label variant, MIG slices, a GPU
 * reporting DCGM blanks): what lands in PostgreSQL must match the fleet definition exactly.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(FleetTestResource.class)
class FleetSyncTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

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

    @Inject
    SourceCycles cycles;

    private Rows rows;
    private FleetDefinition fleet;
    private FleetInPrometheus window;

    @BeforeEach
    void setUp() throws Exception {
        rows = new Rows(pool);
        fleet = simulator.definition();
        window = new FleetInPrometheus(fleet, prometheus);
        window.awaitWhole();
    }

    @Test
    void clustersNodesAndDevicesMatchTheFleetDefinition() {
        SyncReport report = syncOnce();

        assertThat(report.status()).isEqualTo(SyncStatus.OK);
        assertThat(report.queries()).as("15 + 2 AMD fleet queries, 7 DCGM readings").isEqualTo(24);
        assertThat(report.devices()).isEqualTo(fleet.devices().size());
        for (var cluster : fleet.clusters()) {
            Row row = rows.all("""
                    SELECT c.* FROM ai_cluster c JOIN metric_source s ON s.id = c.source_id
                    WHERE s.name = $1 AND c.name = $2""", FleetTestResource.SOURCE, cluster.name()).get(0);
            assertThat(row.getInteger("node_count")).isEqualTo(fleet.nodes(cluster.name()).size());
            assertThat(row.getInteger("gpu_count")).isEqualTo(fleet.devices(cluster.name()).size());
            assertThat(row.getInteger("slice_count")).isEqualTo(fleet.slices(cluster.name()).size());
            JsonObject hub = row.getJsonObject("managed_cluster");
            assertThat(hub.getString("managedClusterId")).isEqualTo(simulator.hub().managedClusterId(cluster.name()));
            assertThat(hub.getString("hubClusterId")).isEqualTo(simulator.hub().hubClusterId());
            assertThat(hub.getString("vendor")).isEqualTo("OpenShift");
            assertThat(hub.getString("cloud")).isEqualTo(simulator.hub().cloud(cluster.name()));
            assertThat(hub.getString("version")).isEqualTo(HubExposition.version());
            assertThat(hub.getInteger("coreWorkers")).isEqualTo(simulator.hub().coreWorkers(cluster.name()));
            assertThat(hub.getJsonObject("labels").getMap()).as("the ManagedCluster's labels, not the scrape's")
                    .containsEntry("cluster_open_cluster_management_io_clusterset", "research")
                    .doesNotContainKeys("cluster", "namespace", "job", "name", "managed_cluster_id");
            assertThat(row.getString("sync_status")).isEqualTo("OK");
        }
        assertThat(rows.set("SELECT c.name || '/' || n.name || '/' || n.gpu_count || '/' || n.driver_version || '/' "
                + "|| n.kernel_version FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id", r -> r.getString(0)))
                .isEqualTo(fleet.nodes().stream().map(node -> node.cluster() + "/" + node.name() + "/"
                        + fleet.devicesOn(node).size() + "/" + node.driverVersion() + "/" + node.kernelVersion())
                        .collect(Collectors.toSet()));
        assertThat(rows.set("""
                SELECT d.uuid || '/' || c.name || '/' || n.name || '/' || d.gpu_index || '/' || d.pci_bus_id || '/'
                       || d.mig_enabled || '/' || g.product_name
                FROM gpu_device d JOIN ai_node n ON n.id = d.node_id JOIN ai_cluster c ON c.id = n.cluster_id
                JOIN gpu g ON g.id = d.gpu_id""", r -> r.getString(0)))
                .isEqualTo(fleet.devices().stream().map(d -> d.uuid() + "/" + d.cluster() + "/" + d.node().name() + "/"
                        + d.index() + "/" + d.pciBusId() + "/" + d.mig() + "/" + d.node().model().name())
                        .collect(Collectors.toSet()));
        assertThat(rows.count("SELECT count(*) FROM gpu WHERE product_name = 'NVIDIA H100 80GB HBM3' AND catalogued"))
                .as("known SKUs keep their catalogue row").isEqualTo(1);
    }

    @Test
    void readingsAreTheSimulatorsAndBlanksStayEmpty() {
        syncOnce();
        FleetReadings readings = simulator.readings();
        for (FleetDevice device : fleet.devices()) {
            Row row = rows.all("SELECT * FROM gpu_device WHERE uuid = $1", device.uuid()).get(0);
            assertThat(row.getDouble("power_watts")).as("power of %s", device.uuid())
                    .isEqualTo(readings.powerWatts(device, FleetTestResource.FROZEN_AT), within());
            assertThat(row.getDouble("energy_joules")).isEqualTo(readings.energyMillijoules(device,
                    fleet.spec().epoch(), FleetTestResource.FROZEN_AT) / 1000.0, within());
            if (device.blank()) {
                assertThat(row.getDouble("utilization_percent")).as("DCGM blank utilization").isNull();
                assertThat(row.getDouble("memory_temperature_celsius")).as("DCGM blank temperature").isNull();
            } else if (device.mig()) {
                assertThat(row.getDouble("utilization_percent")).as("MIG GPUs have no utilization").isNull();
            } else {
                // dcgm-exporter publishes utilization as a whole percentage.
                assertThat(row.getDouble("utilization_percent"))
                        .isEqualTo((double) Math.round(readings.utilizationPercent(device, FleetTestResource.FROZEN_AT)));
            }
        }
        assertThat(fleet.devices()).anyMatch(FleetDevice::blank);
    }

    /** Engine activity is a MIG instance's figure, read from an answer that lists MIG instances only. */
    @Test
    void everySliceHasItsEngineActivity() {
        syncOnce();
        FleetReadings readings = simulator.readings();
        for (MigSlice slice : fleet.slices()) {
            Row row = rows.all("""
                    SELECT s.engine_active FROM gpu_slice s JOIN gpu_device d ON d.id = s.device_id
                    WHERE d.uuid = $1 AND s.gpu_instance_id = $2""", slice.deviceUuid(), slice.gpuInstanceId()).get(0);
            assertThat(row.getDouble("engine_active")).as("engine activity of %s/%d", slice.deviceUuid(),
                    slice.gpuInstanceId()).isEqualTo(readings.utilizationPercent(slice, FleetTestResource.FROZEN_AT) / 100,
                    within());
        }
        assertThat(fleet.slices()).isNotEmpty();
    }

    @Test
    void migSlicesAndProjectsMatchIncludingAllocationsAndFlags() {
        syncOnce();
        assertThat(rows.set("""
                SELECT d.uuid || '/' || s.gpu_instance_id || '/' || s.profile || '/' || coalesce(p.namespace, '-')
                FROM gpu_slice s JOIN gpu_device d ON d.id = s.device_id LEFT JOIN research_project p ON p.id = s.project_id""",
                r -> r.getString(0)))
                .isEqualTo(fleet.slices().stream().map(slice -> slice.deviceUuid() + "/" + slice.gpuInstanceId() + "/"
                        + slice.profile().name() + "/" + fleet.podUsing(slice).map(FleetPod::namespace).orElse("-"))
                        .collect(Collectors.toSet()));

        Map<String, Map<String, Object>> expected = expectedProjects();
        List<Row> projects = rows.all("""
                SELECT c.name AS cluster, p.* FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id""");
        assertThat(projects).extracting(r -> r.getString("cluster") + "/" + r.getString("namespace"))
                .containsExactlyInAnyOrderElementsOf(expected.keySet());
        for (Row project : projects) {
            Map<String, Object> facts = expected.get(project.getString("cluster") + "/" + project.getString("namespace"));
            assertThat(project.getDouble("gpus_requested")).isEqualTo((Double) facts.get("gpus"));
            assertThat(new TreeMap<>(project.getJsonObject("mig_requested").getMap())).isEqualTo(facts.get("mig"));
            assertThat(project.getInteger("terminating_pods")).isEqualTo(facts.get("terminating"));
            assertThat(project.getInteger("full_pvcs")).isEqualTo(facts.get("fullPvcs"));
            assertThat(project.getBoolean("vllm_detected")).isEqualTo(facts.get("vllm"));
            Optional<ColdFrontAllocation> allocation = fleet.projects(project.getString("cluster")).stream()
                    .filter(defined -> defined.namespace().equals(project.getString("namespace"))).findFirst()
                    .orElseThrow().allocation();
            assertThat(project.getString("title")).isEqualTo(allocation.map(ColdFrontAllocation::title).orElse(null));
            assertThat(project.getString("pi")).isEqualTo(allocation.map(ColdFrontAllocation::pi).orElse(null));
            assertThat(project.getString("allocation_project_id"))
                    .isEqualTo(allocation.map(a -> String.valueOf(a.projectId())).orElse(null));
            assertThat(project.getString("institution")).as("not configured").isNull();
        }
        assertThat(projects).as("ColdFront's annotations read through kube-state-metrics")
                .anySatisfy(project -> assertThat(project.getString("pi")).isNotNull());
    }

    @Test
    void anUnchangedSecondCycleOnlyTouchesTheClusterRows() {
        syncOnce();
        SyncReport second = syncOnce();
        assertThat(second.rowsWritten()).isEqualTo(fleet.clusters().size());
    }

    /** An unchanged node, GPU or slice is rewritten once its last-seen time is older than the heartbeat, not before. */
    @Test
    void anUnchangedRowIsRewrittenOnceItsLastSeenTimeFallsBehindTheHeartbeat() {
        syncOnce();
        int overdue = (int) FleetWriter.LAST_SEEN_HEARTBEAT.toSeconds() + 60;
        for (String table : List.of("ai_node", "gpu_device", "gpu_slice")) {
            pool.query("UPDATE " + table + " SET last_seen_at = last_seen_at - interval '" + overdue + " seconds' "
                    + "WHERE id = (SELECT min(id) FROM " + table + ")").executeAndAwait();
        }

        SyncReport next = syncOnce();

        assertThat(next.rowsWritten()).as("the clusters and the three overdue rows")
                .isEqualTo(fleet.clusters().size() + 3);
        assertThat(rows.count("""
                SELECT (SELECT count(*) FROM ai_node WHERE last_seen_at < now() - interval '5 minutes')
                     + (SELECT count(*) FROM gpu_device WHERE last_seen_at < now() - interval '5 minutes')
                     + (SELECT count(*) FROM gpu_slice WHERE last_seen_at < now() - interval '5 minutes')""")).isZero();
        assertThat(syncOnce().rowsWritten()).isEqualTo(fleet.clusters().size());
    }

    /**
     * Tables the planner has no statistics for (as after a fresh install's first sync, before autovacuum) are analyzed
     * by the cycle that writes them; reltuples -1 is how PostgreSQL marks a table never analyzed nor vacuumed.
     */
    @Test
    void aCycleGivesThePlannerStatisticsForTablesThatHaveNone() {
        syncOnce();
        pool.query("UPDATE pg_class SET reltuples = -1 WHERE relname IN ('ai_node', 'gpu_device')").executeAndAwait();

        syncOnce();

        assertThat(rows.count("SELECT reltuples::bigint FROM pg_class WHERE relname = 'ai_node'"))
                .isEqualTo(fleet.nodes().size());
        assertThat(rows.count("SELECT reltuples::bigint FROM pg_class WHERE relname = 'gpu_device'"))
                .isEqualTo(fleet.devices().size());
    }

    @Test
    void aRemovedNodeBecomesMissingAfterThreeCompleteCyclesAndReturns() throws Exception {
        syncOnce();
        FleetNode node = fleet.devices().stream().filter(FleetDevice::mig).findFirst().orElseThrow().node();
        simulator.removeNode(node.cluster(), node.name());
        try {
            window.awaitWithout(node);
            for (int cycle = 1; cycle <= 3; cycle++) {
                syncOnce();
                assertThat(nodeState(node)).isEqualTo(cycle < 3 ? "PRESENT/" + cycle : "MISSING/3");
            }
            assertThat(rows.count("""
                    SELECT count(*) FROM gpu_device d JOIN ai_node n ON n.id = d.node_id JOIN ai_cluster c ON c.id = n.cluster_id
                    WHERE c.name = $1 AND n.name = $2 AND d.state = 'MISSING'""", node.cluster(), node.name()))
                    .isEqualTo(fleet.devicesOn(node).size());
            assertThat(rows.count("SELECT count(*) FROM ai_node WHERE state = 'MISSING'")).isEqualTo(1);
        } finally {
            simulator.restoreNode(node.cluster(), node.name());
        }
        window.awaitWhole();
        syncOnce();
        assertThat(nodeState(node)).isEqualTo("PRESENT/0");
        assertThat(rows.count("SELECT count(*) FROM gpu_device WHERE state = 'MISSING'")).isZero();
    }

    /**
     * Another replica mid-cycle holds the source's advisory lock (taken here in an open transaction, as FleetSync takes
     * it): this replica skips and writes nothing; once the lock is released it syncs. Deterministic, unlike racing two
     * cycles that may not overlap.
     */
    @Test
    void aSecondReplicaSkipsWhileTheFirstHoldsTheLock() {
        syncOnce();
        long devicesBefore = rows.count("SELECT count(*) FROM gpu_device");
        long sourceId = rows.count("SELECT id FROM metric_source WHERE name = $1", FleetTestResource.SOURCE);
        SyncReport whileLocked = pool.withTransaction(connection -> cycles.locked(FleetSync.LOCK_NAME, "off")
                .tryLock(connection, sourceId)
                .invoke(locked -> assertThat(locked).isTrue())
                .chain(() -> sync.sync(source()))).await().atMost(PATIENCE);

        assertThat(whileLocked.skipped()).isTrue();
        assertThat(whileLocked.rowsWritten()).isZero();
        assertThat(rows.count("SELECT count(*) FROM gpu_device")).isEqualTo(devicesBefore);
        SyncReport afterwards = syncOnce();
        assertThat(afterwards.skipped()).isFalse();
        assertThat(afterwards.status()).isEqualTo(SyncStatus.OK);
    }

    private String nodeState(FleetNode node) {
        Row row = rows.all("""
                SELECT n.state, n.missed_cycles FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
                WHERE c.name = $1 AND n.name = $2""", node.cluster(), node.name()).get(0);
        return row.getString("state") + "/" + row.getInteger("missed_cycles");
    }

    private Map<String, Map<String, Object>> expectedProjects() {
        Map<String, Map<String, Object>> projects = new HashMap<>();
        for (FleetPod pod : fleet.pods()) {
            Map<String, Object> facts = projects.computeIfAbsent(pod.project().cluster() + "/" + pod.namespace(), key -> {
                Map<String, Object> initial = new HashMap<>();
                initial.put("gpus", 0.0);
                initial.put("mig", new TreeMap<String, Object>());
                initial.put("terminating", 0);
                initial.put("fullPvcs", (int) fleet.volumes().stream()
                        .filter(volume -> volume.project().equals(pod.project())).filter(FleetVolume::full).count());
                initial.put("vllm", pod.project().vllm());
                return initial;
            });
            if (pod.slices().isEmpty()) {
                facts.merge("gpus", (double) pod.requested(), (a, b) -> (Double) a + (Double) b);
            } else {
                @SuppressWarnings("unchecked")
                Map<String, Object> mig = (Map<String, Object>) facts.get("mig");
                mig.merge(pod.resource(), pod.requested(), (a, b) -> (Integer) a + (Integer) b);
            }
            if (pod.terminating()) {
                facts.merge("terminating", 1, (a, b) -> (Integer) a + (Integer) b);
            }
        }
        return projects;
    }

    private SyncReport syncOnce() {
        return sync.sync(source()).await().atMost(PATIENCE);
    }

    private SourceDefinition source() {
        return sources.definitions().stream().filter(s -> s.name().equals(FleetTestResource.SOURCE)).findFirst().orElseThrow();
    }

    private static Offset<Double> within() {
        return Offset.offset(1e-6);
    }
}
