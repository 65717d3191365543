package org.aitelemetry.worker.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.fleet.FleetPod;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.devkit.prometheus.PrometheusApi;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.prometheus.source.SourceClients;
import org.junit.jupiter.api.Test;

/** A fleet on the wall clock: crash-looping containers show as restarting, and readings move between cycles. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = FleetTestResource.class, initArgs = @ResourceArg(name = FleetTestResource.FROZEN, value = "false"))
class FleetSyncLiveTest {

    @InjectFleet
    FleetSimulator simulator;

    @Inject
    FleetSync sync;

    @Inject
    SourceClients sources;

    @Inject
    Pool pool;

    @InjectFleet
    PrometheusComponent prometheus;

    @Test
    void restartingPodsAreCountedPerProjectAndEnergyKeepsCounting() throws Exception {
        Map<String, Long> expected = simulator.definition().pods().stream().filter(FleetPod::restarting)
                .collect(Collectors.groupingBy(pod -> pod.project().cluster() + "/" + pod.namespace(), Collectors.counting()));
        // A restart shows once Prometheus holds two scrapes of the counter.
        new PrometheusApi(prometheus.url()).awaitValue(
                "count(increase(kube_pod_container_status_restarts_total[15m]) > 0)",
                expected.values().stream().mapToLong(Long::longValue).sum(), Duration.ofSeconds(30));
        syncOnce();
        Rows rows = new Rows(pool);
        Map<String, Long> restarting = rows.all("""
                SELECT c.name || '/' || p.namespace AS project, p.restarting_pods FROM research_project p
                JOIN ai_cluster c ON c.id = p.cluster_id WHERE p.restarting_pods > 0""").stream()
                .collect(Collectors.toMap(r -> r.getString("project"), r -> (long) r.getInteger("restarting_pods")));
        assertThat(expected).isNotEmpty();
        assertThat(restarting).isEqualTo(expected);

        double energyBefore = rows.all("SELECT sum(energy_joules) FROM gpu_device").get(0).getDouble(0);
        Thread.sleep(2_000);
        syncOnce();
        assertThat(rows.all("SELECT sum(energy_joules) FROM gpu_device").get(0).getDouble(0)).isGreaterThan(energyBefore);
    }

    private void syncOnce() {
        sync.sync(sources.definitions().get(0)).await().atMost(Duration.ofSeconds(30));
    }
}
