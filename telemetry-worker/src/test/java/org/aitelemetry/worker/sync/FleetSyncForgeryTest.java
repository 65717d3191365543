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
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.fleet.ColdFrontAllocation;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetPod;
import org.aitelemetry.devkit.fleet.FleetReadings;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.fleet.TenantForgery;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.devkit.prometheus.PrometheusApi;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.prometheus.PrometheusClient;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.worker.promql.QueryCatalogue;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Acceptance scenario 30 against real Prometheus: besides the exporters, a tenant's job publishes their metric names
 * with real GPU UUIDs, another team's namespace, another cluster's name, a GPU and a node that do not exist
 * ({@link TenantForgery}). The sync, the usage queries and a session's aggregates read only the exporters: what lands
 * in PostgreSQL is the fleet definition's, readings are the simulator's.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = FleetTestResource.class,
        initArgs = @ResourceArg(name = FleetTestResource.TENANT_FORGERY, value = "true"))
class FleetSyncForgeryTest {

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
    QueryCatalogue queries;

    @Inject
    Pool pool;

    private FleetDefinition fleet;
    private TenantForgery forgery;
    private Rows rows;

    @BeforeEach
    void forgedSeriesAreInPrometheus() throws Exception {
        fleet = simulator.definition();
        forgery = simulator.forgery();
        rows = new Rows(pool);
        new FleetInPrometheus(fleet, prometheus).awaitWhole();
        PrometheusApi api = new PrometheusApi(prometheus.url());
        String tenant = "{job=\"" + FleetSimulator.TENANT_JOB + "\"}";
        api.awaitValue("count(last_over_time(DCGM_FI_DEV_POWER_USAGE" + tenant + "[3s]))",
                3 * fleet.clusters().size(), PATIENCE);
        // Per cluster a pod's GPU request and a forged VM's launcher pod's passthrough request.
        api.awaitValue("count(last_over_time(kube_pod_container_resource_requests" + tenant + "[3s]))",
                2 * fleet.clusters().size(), PATIENCE);
        api.awaitValue("count(last_over_time(acm_managed_cluster_info" + tenant + "[3s]))", fleet.clusters().size(),
                PATIENCE);
    }

    @Test
    void noForgedGpuNodeOrReadingReachesTheFleet() {
        sync.syncAll().await().atMost(PATIENCE);

        assertThat(rows.set("SELECT uuid FROM gpu_device", row -> row.getString(0)))
                .isEqualTo(fleet.devices().stream().map(FleetDevice::uuid).collect(Collectors.toSet()))
                .doesNotContain(TenantForgery.FORGED_UUID);
        assertThat(rows.set("SELECT name FROM ai_node", row -> row.getString(0)))
                .isEqualTo(fleet.nodes().stream().map(node -> node.name()).collect(Collectors.toSet()));
        FleetReadings readings = simulator.readings();
        for (FleetDevice device : forgedDevices()) {
            Row row = rows.all("SELECT * FROM gpu_device WHERE uuid = $1", device.uuid()).get(0);
            assertThat(row.getDouble("power_watts")).as("power of %s", device.uuid())
                    .isEqualTo(readings.powerWatts(device, FleetTestResource.FROZEN_AT), within());
            assertThat(row.getDouble("utilization_percent"))
                    .isEqualTo((double) Math.round(readings.utilizationPercent(device, FleetTestResource.FROZEN_AT)));
            assertThat(row.getDouble("energy_joules")).isEqualTo(readings.energyMillijoules(device,
                    fleet.spec().epoch(), FleetTestResource.FROZEN_AT) / 1000.0, within());
        }
    }

    @Test
    void noForgedRequestOrTerminatingPodReachesAProject() {
        sync.syncAll().await().atMost(PATIENCE);

        assertThat(rows.set("""
                SELECT c.name || '/' || p.namespace FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id""",
                row -> row.getString(0)))
                .isEqualTo(fleet.pods().stream().map(pod -> pod.project().cluster() + "/" + pod.namespace())
                        .collect(Collectors.toSet()));
        for (var cluster : fleet.clusters()) {
            String victim = forgery.victimNamespace(cluster.name());
            List<FleetPod> pods = fleet.pods(cluster.name()).stream().filter(pod -> pod.namespace().equals(victim))
                    .toList();
            Row project = rows.all("""
                    SELECT p.* FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id
                    WHERE c.name = $1 AND p.namespace = $2""", cluster.name(), victim).get(0);
            assertThat(project.getDouble("gpus_requested")).as("GPUs requested by %s", victim).isEqualTo(pods.stream()
                    .filter(pod -> pod.slices().isEmpty()).mapToDouble(FleetPod::requested).sum());
            assertThat(project.getInteger("terminating_pods"))
                    .isEqualTo((int) pods.stream().filter(FleetPod::terminating).count());
            String realPi = fleet.projects(cluster.name()).stream().filter(p -> p.namespace().equals(victim))
                    .findFirst().orElseThrow().allocation().map(ColdFrontAllocation::pi).orElse(null);
            assertThat(project.getString("pi")).as("PI of %s", victim).isEqualTo(realPi)
                    .isNotEqualTo(TenantForgery.FORGED_PI);
            assertThat(project.getString("title")).isNotEqualTo("Forged");
            JsonObject hub = rows.all("SELECT managed_cluster FROM ai_cluster WHERE name = $1", cluster.name()).get(0)
                    .getJsonObject("managed_cluster");
            assertThat(hub).as("the hub's facts of %s, undisputed", cluster.name()).isNotNull();
            assertThat(hub.getString("vendor")).as("the hub's, not the tenant's").isEqualTo("OpenShift");
            assertThat(hub.getString("hubClusterId")).isEqualTo(simulator.hub().hubClusterId());
            assertThat(hub.getJsonObject("labels").containsKey("owner")).isFalse();
        }
        assertThat(rows.set("SELECT name FROM virtual_machine", row -> row.getString(0)))
                .as("the tenant's forged VM (its launcher pod's request, its kubevirt_vmi_info) holds no GPU").isEmpty();
    }

    /** The usage rollups' queries: no forged holder, and the forged GPUs' utilization and energy are the exporter's. */
    @Test
    void usageQueriesSeeNoForgedHolderOrReading() {
        List<Series> utilization = query(queries.gpuUtilization()).series();
        List<Series> energy = query(queries.energy()).series();

        assertThat(utilization).isNotEmpty().noneMatch(series -> series.label("pod", "exported_pod")
                .filter(TenantForgery.FORGED_PODS::contains).isPresent());
        assertThat(query(queries.sliceActivity()).series()).isNotEmpty()
                .allMatch(series -> series.label("pod", "exported_pod").filter(TenantForgery.FORGED_PODS::contains)
                        .isEmpty());
        FleetReadings readings = simulator.readings();
        for (FleetDevice device : forgedDevices()) {
            assertThat(utilization)
                    .filteredOn(series -> series.label("UUID", "uuid").orElseThrow().equals(device.uuid()))
                    .singleElement().extracting(series -> series.last().value())
                    .isEqualTo((double) Math.round(readings.utilizationPercent(device, FleetTestResource.FROZEN_AT)));
            assertThat(energy).filteredOn(series -> series.label("UUID", "uuid").orElseThrow().equals(device.uuid()))
                    .singleElement().extracting(series -> series.last().value())
                    .isEqualTo((double) readings.energyMillijoules(device, fleet.spec().epoch(),
                            FleetTestResource.FROZEN_AT));
        }
        assertThat(energy).noneMatch(series -> series.label("UUID", "uuid").orElseThrow()
                .equals(TenantForgery.FORGED_UUID));
    }

    /** What a session on a forged GPU gets when it closes: the exporter's utilization, not the tenant's 100 %. */
    @Test
    void aSessionsAverageUtilizationIsTheExportersOwn() {
        for (FleetDevice device : forgedDevices()) {
            QueryResult average = query(queries.sessionAverage(DcgmField.GPU_UTIL, device.uuid(), null,
                    Duration.ofSeconds(3)));

            assertThat(average.series()).singleElement().extracting(series -> series.last().value())
                    .isEqualTo((double) Math.round(simulator.readings().utilizationPercent(device,
                            FleetTestResource.FROZEN_AT)));
        }
    }

    private List<FleetDevice> forgedDevices() {
        List<FleetDevice> devices = fleet.clusters().stream()
                .flatMap(cluster -> forgery.forgedDevices(cluster.name()).stream()).toList();
        assertThat(devices).hasSize(2 * fleet.clusters().size());
        return devices;
    }

    private QueryResult query(String promql) {
        PrometheusClient client = sources.client(sources.definitions().get(0));
        return client.query(promql, Instant.now()).await().atMost(PATIENCE);
    }

    private static Offset<Double> within() {
        return Offset.offset(1e-6);
    }
}
