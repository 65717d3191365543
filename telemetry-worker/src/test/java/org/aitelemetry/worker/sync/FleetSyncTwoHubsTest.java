package org.aitelemetry.worker.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.fleet.ClusterSpec;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.HubExposition;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.model.fleet.SyncStatus;
import org.aitelemetry.prometheus.source.SourceClients;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two ACM hubs, each its own metric source with its own Prometheus, manage clusters of different names but one of the
 * same name: after a sync of both, each source's clusters carry its own hub's facts and its own GPUs, and the shared
 * name is two clusters, one per source, never one cluster with the facts or GPUs of both.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = FleetTestResource.class,
        initArgs = @ResourceArg(name = FleetTestResource.HUB_COUNT, value = "2"))
class FleetSyncTwoHubsTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String CLUSTERS = "SELECT c.* FROM ai_cluster c JOIN metric_source s ON s.id = c.source_id";

    @InjectFleet
    FleetSimulator first;

    @InjectFleet
    PrometheusComponent firstPrometheus;

    @InjectFleet(source = FleetTestResource.SECOND_SOURCE)
    FleetSimulator second;

    @InjectFleet(source = FleetTestResource.SECOND_SOURCE)
    PrometheusComponent secondPrometheus;

    @Inject
    FleetSync sync;

    @Inject
    SourceClients sources;

    @Inject
    Pool pool;

    private Rows rows;
    private Map<String, FleetSimulator> bySource;

    @BeforeEach
    void bothFleetsAreInTheirPrometheus() throws Exception {
        rows = new Rows(pool);
        bySource = Map.of(FleetTestResource.SOURCE, first, FleetTestResource.SECOND_SOURCE, second);
        new FleetInPrometheus(first.definition(), firstPrometheus).awaitWhole();
        new FleetInPrometheus(second.definition(), secondPrometheus).awaitWhole();
    }

    @Test
    void eachSourcesClustersCarryTheirOwnHubsFacts() {
        syncBoth();
        bySource.forEach((source, simulator) -> {
            FleetDefinition fleet = simulator.definition();
            assertThat(rows.all(CLUSTERS + " WHERE s.name = $1", source)).extracting(row -> row.getString("name"))
                    .containsExactlyInAnyOrderElementsOf(fleet.clusters().stream().map(ClusterSpec::name).toList());
            for (ClusterSpec cluster : fleet.clusters()) {
                Row row = cluster(source, cluster.name());
                assertThat(row.getInteger("node_count")).isEqualTo(fleet.nodes(cluster.name()).size());
                assertThat(row.getInteger("gpu_count")).isEqualTo(fleet.devices(cluster.name()).size());
                assertThat(row.getInteger("slice_count")).isEqualTo(fleet.slices(cluster.name()).size());
                assertFactsOf(simulator.hub(), cluster.name(), row.getJsonObject("managed_cluster"));
            }
        });
    }

    @Test
    void theSharedNameIsTwoClustersWithDifferentFactsAndGpus() {
        syncBoth();
        String shared = sharedClusterName();
        JsonObject firstFacts = cluster(FleetTestResource.SOURCE, shared).getJsonObject("managed_cluster");
        JsonObject secondFacts = cluster(FleetTestResource.SECOND_SOURCE, shared).getJsonObject("managed_cluster");

        assertThat(rows.count("SELECT count(*) FROM ai_cluster WHERE name = $1", shared)).isEqualTo(2);
        assertFactsOf(first.hub(), shared, firstFacts);
        assertFactsOf(second.hub(), shared, secondFacts);
        for (String fact : List.of("managedClusterId", "hubClusterId", "cloud", "coreWorkers")) {
            assertThat(firstFacts.getValue(fact)).as(fact).isNotEqualTo(secondFacts.getValue(fact));
        }
        Set<String> firstGpus = gpusOf(FleetTestResource.SOURCE, shared);
        Set<String> secondGpus = gpusOf(FleetTestResource.SECOND_SOURCE, shared);
        assertThat(firstGpus).isEqualTo(uuids(first.definition().devices(shared)));
        assertThat(secondGpus).isEqualTo(uuids(second.definition().devices(shared)));
        assertThat(firstGpus).doesNotContainAnyElementsOf(secondGpus).hasSizeGreaterThan(secondGpus.size());
    }

    @Test
    void totalsAreBothFleetsDefinitions() {
        syncBoth();
        bySource.forEach((source, simulator) -> {
            FleetDefinition fleet = simulator.definition();
            assertThat(perSource("SELECT count(*) FROM gpu_device d JOIN ai_node n ON n.id = d.node_id "
                    + "JOIN ai_cluster c ON c.id = n.cluster_id", source)).isEqualTo(fleet.devices().size());
            assertThat(perSource("SELECT count(*) FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id", source))
                    .isEqualTo(fleet.nodes().size());
            assertThat(perSource("SELECT count(*) FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id",
                    source)).isEqualTo(fleet.projects().size());
        });
        assertThat(rows.count("SELECT count(*) FROM gpu_device"))
                .isEqualTo(first.definition().devices().size() + second.definition().devices().size());
        assertThat(rows.set("SELECT uuid FROM gpu_device", row -> row.getString(0)))
                .isEqualTo(union(uuids(first.definition().devices()), uuids(second.definition().devices())));
    }

    private void syncBoth() {
        for (String source : List.of(FleetTestResource.SOURCE, FleetTestResource.SECOND_SOURCE)) {
            SyncReport report = sync.sync(sources.definitions().stream().filter(s -> s.name().equals(source))
                    .findFirst().orElseThrow()).await().atMost(PATIENCE);
            assertThat(report.status()).as(source).isEqualTo(SyncStatus.OK);
        }
    }

    private Row cluster(String source, String name) {
        List<Row> found = rows.all(CLUSTERS + " WHERE s.name = $1 AND c.name = $2", source, name);
        assertThat(found).as("cluster %s of source %s", name, source).hasSize(1);
        return found.get(0);
    }

    /** The facts as FleetSyncTest checks them for one hub, here against the hub of the cluster's own source. */
    private static void assertFactsOf(HubExposition hub, String cluster, JsonObject facts) {
        assertThat(facts).as("hub facts of %s", cluster).isNotNull();
        assertThat(facts.getString("managedClusterId")).isEqualTo(hub.managedClusterId(cluster));
        assertThat(facts.getString("hubClusterId")).isEqualTo(hub.hubClusterId());
        assertThat(facts.getString("vendor")).isEqualTo("OpenShift");
        assertThat(facts.getString("cloud")).isEqualTo(hub.cloud(cluster));
        assertThat(facts.getInteger("coreWorkers")).isEqualTo(hub.coreWorkers(cluster));
        assertThat(facts.getJsonObject("labels").getMap())
                .containsEntry("cluster_open_cluster_management_io_clusterset", "research");
    }

    private String sharedClusterName() {
        Set<String> shared = first.definition().clusters().stream().map(ClusterSpec::name).collect(Collectors.toSet());
        shared.retainAll(second.definition().clusters().stream().map(ClusterSpec::name).toList());
        assertThat(shared).as("the hubs share one cluster name").hasSize(1);
        return shared.iterator().next();
    }

    private Set<String> gpusOf(String source, String cluster) {
        return new HashSet<>(rows.all("""
                SELECT d.uuid FROM gpu_device d JOIN ai_node n ON n.id = d.node_id
                JOIN ai_cluster c ON c.id = n.cluster_id JOIN metric_source s ON s.id = c.source_id
                WHERE s.name = $1 AND c.name = $2""", source, cluster)
                .stream().map(row -> row.getString(0)).toList());
    }

    private long perSource(String countFromClusters, String source) {
        return rows.count(countFromClusters + " JOIN metric_source s ON s.id = c.source_id WHERE s.name = $1", source);
    }

    private static Set<String> uuids(List<FleetDevice> devices) {
        return devices.stream().map(FleetDevice::uuid).collect(Collectors.toSet());
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> both = new HashSet<>(a);
        both.addAll(b);
        return both;
    }
}
