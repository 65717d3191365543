package org.aitelemetry.worker.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Set;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.devkit.prometheus.PrometheusApi;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.model.fleet.SyncStatus;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Real Prometheus scraping dcgm-exporter pages with a customised counter list: without {@code DCGM_FI_DEV_FB_FREE}
 * every GPU and MIG instance is still found (by its other fields) and the source's row says what is missing; with no
 * DCGM series from the exporter at all, while a tenant's job publishes DCGM names, the cycle finds no GPU and says
 * why, instead of "OK, 0 GPUs".
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = FleetTestResource.class,
        initArgs = @ResourceArg(name = FleetTestResource.TENANT_FORGERY, value = "true"))
class FleetSyncCounterListTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String EXPORTER = "{job=\"" + FleetSimulator.DCGM_JOB + "\"}";

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
    private PrometheusApi api;
    private Rows rows;

    @BeforeEach
    void wholeFleetInPrometheus() throws Exception {
        fleet = simulator.definition();
        api = new PrometheusApi(prometheus.url());
        rows = new Rows(pool);
        new FleetInPrometheus(fleet, prometheus).awaitWhole();
    }

    @AfterEach
    void restoreTheDefaultCounterList() throws Exception {
        simulator.omitDcgmFamilies(Set.of());
        new FleetInPrometheus(fleet, prometheus).awaitWhole();
        sync.sync(source()).await().atMost(PATIENCE);
    }

    @Test
    void withoutFreeMemoryEveryGpuAndSliceIsStillFoundAndTheSourceSaysWhatIsMissing() throws Exception {
        simulator.omitDcgmFamilies(Set.of(DcgmField.FB_FREE_METRIC));
        api.awaitValue("count(last_over_time(" + DcgmField.FB_FREE_METRIC + EXPORTER + "[3s])) or vector(0)", 0,
                PATIENCE);

        SyncReport report = sync.sync(source()).await().atMost(PATIENCE);

        int listed = fleet.devices().stream().mapToInt(device -> device.mig() ? device.slices().size() : 1).sum();
        assertThat(report.status()).isEqualTo(SyncStatus.OK);
        assertThat(report.devices()).isEqualTo(fleet.devices().size());
        assertThat(report.slices()).isEqualTo(fleet.slices().size());
        assertThat(report.queries()).as("the inventory and one identity query").isEqualTo(FleetReader.queriesPerCycle() + 1);
        assertThat(report.message()).startsWith(listed + " GPUs or MIG instances publish no " + DcgmField.FB_FREE_METRIC);
        assertThat(rows.count("SELECT count(*) FROM gpu_device WHERE state = 'PRESENT'")).isEqualTo(fleet.devices().size());
        assertThat(sourceMessage()).isEqualTo(report.message());

        simulator.omitDcgmFamilies(Set.of());
        new FleetInPrometheus(fleet, prometheus).awaitWhole();
        SyncReport restored = sync.sync(source()).await().atMost(PATIENCE);

        assertThat(restored.queries()).as("a fleet with the field pays no extra query").isEqualTo(FleetReader.queriesPerCycle());
        assertThat(restored.message()).isEmpty();
        assertThat(sourceMessage()).isNull();
    }

    @Test
    void dcgmSeriesOnlyFromAnotherJobYieldNoGpuAndTheCycleSaysWhy() throws Exception {
        simulator.omitEveryDcgmFamily();
        api.awaitValue("count(last_over_time({__name__=~\"DCGM_FI_.+\", job=\"" + FleetSimulator.DCGM_JOB
                + "\"}[3s])) or vector(0)", 0, PATIENCE);

        SyncReport report = sync.sync(source()).await().atMost(PATIENCE);

        assertThat(report.status()).isEqualTo(SyncStatus.OK);
        assertThat(report.devices()).isZero();
        assertThat(report.queries()).as("identities, then DCGM series per job").isEqualTo(FleetReader.queriesPerCycle() + 2);
        assertThat(report.message())
                .startsWith("found no GPU: the source has ")
                .contains("per job: " + FleetSimulator.TENANT_JOB)
                .contains("none from the configured exporter {job=\"" + FleetSimulator.DCGM_JOB + "\"")
                .contains("telemetry.exporters.dcgm.job");
        assertThat(sourceMessage()).isEqualTo(report.message());
    }

    private String sourceMessage() {
        return rows.all("SELECT sync_message FROM metric_source WHERE name = $1", FleetTestResource.SOURCE).get(0)
                .getString(0);
    }

    private SourceDefinition source() {
        return sources.definitions().stream().filter(s -> s.name().equals(FleetTestResource.SOURCE)).findFirst()
                .orElseThrow();
    }
}
