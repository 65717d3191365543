package org.aitelemetry.worker.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetNode;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.devkit.prometheus.FaultyFront.Mode;
import org.aitelemetry.devkit.prometheus.FaultyFront;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.model.fleet.SyncStatus;
import org.aitelemetry.prometheus.source.SourceClients;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Acceptance scenarios 13 and 14: a source that fails (503, 422, 429 + Retry-After, a truncated body, no answer in time)
 * or answers partially (Thanos warnings). Retries stay bounded, the source's row records the failure, nothing is ever
 * marked missing from a failed or incomplete cycle, and the next good cycle recovers.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = FleetTestResource.class, initArgs = @ResourceArg(name = FleetTestResource.FAULTY_FRONT, value = "true"))
class FleetSyncFaultsTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    /** {@code telemetry.sources.fleet.max-attempts} as the test resource sets it. */
    private static final int MAX_ATTEMPTS = 2;

    @InjectFleet
    FaultyFront front;

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

    private Rows rows;

    @BeforeEach
    void startHealthy() throws Exception {
        rows = new Rows(pool);
        front.mode(Mode.PASS);
        new FleetInPrometheus(simulator.definition(), prometheus).awaitWhole();
        assertThat(syncOnce().status()).isEqualTo(SyncStatus.OK);
    }

    @AfterEach
    void healFront() {
        front.mode(Mode.PASS);
    }

    @Test
    void failedCyclesAreBoundedRecordedAndMarkNothingMissing() {
        long devices = rows.count("SELECT count(*) FROM gpu_device");
        for (Mode fault : new Mode[] {Mode.UNAVAILABLE, Mode.UNPROCESSABLE, Mode.RATE_LIMITED, Mode.TRUNCATED, Mode.SLOW}) {
            front.mode(fault);
            int requestsBefore = front.requests();
            SyncReport report = syncOnce();
            int requests = front.requests() - requestsBefore;

            assertThat(report.status()).as("cycle under %s", fault).isEqualTo(SyncStatus.FAILED);
            assertThat(requests).as("requests under %s", fault).isPositive()
                    .isLessThanOrEqualTo(FleetReader.queriesPerCycle() * MAX_ATTEMPTS);
            if (fault == Mode.UNPROCESSABLE) {
                assertThat(requests).as("a final error is not retried").isLessThanOrEqualTo(FleetReader.queriesPerCycle());
            }
            Row source = sourceRow();
            assertThat(source.getString("sync_status")).isEqualTo("FAILED");
            assertThat(source.getString("sync_message")).isNotBlank();
            assertNothingMissingOrMissed(devices);
        }
        front.mode(Mode.PASS);
        assertThat(syncOnce().status()).isEqualTo(SyncStatus.OK);
        assertThat(sourceRow().getString("sync_status")).isEqualTo("OK");
        assertThat(sourceRow().getString("sync_message")).isNull();
    }

    @Test
    void partialResponsesUpdateWhatTheyHoldButNeverMarkAnythingMissing() throws Exception {
        FleetDefinition fleet = simulator.definition();
        FleetNode node = fleet.nodes().get(0);
        long devices = rows.count("SELECT count(*) FROM gpu_device");
        front.mode(Mode.WARNINGS);
        simulator.removeNode(node.cluster(), node.name());
        try {
            new FleetInPrometheus(fleet, prometheus).awaitWithout(node);
            for (int cycle = 0; cycle < 4; cycle++) {
                SyncReport report = syncOnce();
                assertThat(report.status()).isEqualTo(SyncStatus.INCOMPLETE);
                assertThat(report.nodes()).isEqualTo(fleet.nodes().size() - 1);
            }
            assertThat(sourceRow().getString("sync_status")).isEqualTo("INCOMPLETE");
            assertThat(sourceRow().getString("sync_message")).contains(FaultyFront.PARTIAL_WARNING);
            assertThat(rows.all("SELECT DISTINCT sync_status FROM ai_cluster")).extracting(r -> r.getString(0))
                    .containsExactly("INCOMPLETE");
            assertNothingMissingOrMissed(devices);
        } finally {
            simulator.restoreNode(node.cluster(), node.name());
        }
    }

    private void assertNothingMissingOrMissed(long devices) {
        for (String table : new String[] {"ai_cluster", "ai_node", "gpu_device", "gpu_slice", "research_project"}) {
            assertThat(rows.count("SELECT count(*) FROM " + table + " WHERE state <> 'PRESENT' OR missed_cycles > 0"))
                    .as("%s rows marked missing or counted as missed", table).isZero();
        }
        assertThat(rows.count("SELECT count(*) FROM gpu_device")).isEqualTo(devices);
    }

    private Row sourceRow() {
        return rows.all("SELECT * FROM metric_source WHERE name = $1", FleetTestResource.SOURCE).get(0);
    }

    private SyncReport syncOnce() {
        return sync.sync(sources.definitions().get(0)).await().atMost(PATIENCE);
    }
}
