package org.aitelemetry.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Transaction;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.WorkerMetrics;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;
import org.junit.jupiter.api.Test;

/**
 * Runs posted while earlier ones are being stored go into one transaction together, never two of one node, and one run
 * that PostgreSQL refuses fails alone: the two batches in flight are held on a row lock taken here, the runs posted
 * meanwhile wait, and a trigger refuses one of them.
 */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
class ProbeRunBatchesTest {

    private static final String REFUSE_POISON = """
            CREATE OR REPLACE FUNCTION refuse_poison_run() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'poisoned run of %', NEW.hostname; END $$;
            CREATE TRIGGER refuse_poison BEFORE INSERT ON probe_run FOR EACH ROW
              WHEN (NEW.hostname = 'batch-poison') EXECUTE FUNCTION refuse_poison_run()""";

    @Inject
    Pool pool;

    @Inject
    ProbeRunBatches batches;

    @Test
    void runsPostedMeanwhileShareATransactionAndARefusedRunFailsAlone() {
        ProbeFleet fleet = new ProbeFleet(pool, "probe-batches");
        for (String node : List.of("batch-a", "batch-b", "batch-c", "batch-d", "batch-poison")) {
            fleet.node(node, List.of("GPU-" + node + "-0", "GPU-" + node + "-1"));
        }
        pool.query(REFUSE_POISON).executeAndAwait();
        double batchesBefore = WorkerMetrics.value("telemetry_probe_batch_runs_count", "");
        double runsBefore = WorkerMetrics.value("telemetry_probe_batch_runs_sum", "");
        SqlConnection holder = pool.getConnectionAndAwait();
        Map<String, CompletableFuture<Integer>> answers = new LinkedHashMap<>();
        try {
            Transaction hold = holder.beginAndAwait();
            holder.query("SELECT id FROM ai_node WHERE name IN ('batch-a', 'batch-b') FOR UPDATE").executeAndAwait();
            answers.put("a", post("batch-a", 0));
            answers.put("b", post("batch-b", 0));
            await().atMost(Duration.ofSeconds(30)).until(() -> blockedOnLocks() == 2);
            answers.put("c1", post("batch-c", 0));
            answers.put("poison", post("batch-poison", 0));
            answers.put("d", post("batch-d", 0));
            answers.put("c2", post("batch-c", 1));
            await().atMost(Duration.ofSeconds(30)).until(() -> batches.waiting() == 4);
            hold.commitAndAwait();
        } finally {
            holder.closeAndAwait();
        }

        Map<String, Integer> statuses = new LinkedHashMap<>();
        answers.forEach((run, answer) -> statuses.put(run, answer.orTimeout(60, TimeUnit.SECONDS).join()));
        pool.query("DROP TRIGGER refuse_poison ON probe_run").executeAndAwait();
        assertThat(statuses).isEqualTo(Map.of("a", 201, "b", 201, "c1", 201, "poison", 503, "d", 201, "c2", 201));
        assertThat(WorkerMetrics.value("telemetry_probe_batch_runs_count", "") - batchesBefore)
                .as("a, b, then {c1, poison, d} and {c2}: c2 waits for c1 of the same node").isEqualTo(4);
        assertThat(WorkerMetrics.value("telemetry_probe_batch_runs_sum", "") - runsBefore).isEqualTo(6);
        assertThat(count("SELECT count(*) FROM probe_run WHERE hostname LIKE 'batch-%'")).isEqualTo(5);
        assertThat(count("SELECT count(*) FROM probe_result r JOIN probe_run p ON p.id = r.probe_run_id"
                + " WHERE p.hostname = 'batch-d'")).isEqualTo(2);
        assertThat(count("SELECT count(*) FROM gpu_device WHERE uuid LIKE 'GPU-batch-%' AND health_at IS NOT NULL"))
                .as("verdicts of every stored run, none of the refused one").isEqualTo(8);
    }

    /**
     * A run of the node; a later run starts a minute after the earlier. The GPUs are named as a product of their own, so
     * that their figures never make a fleet baseline for the other tests' H100s.
     */
    private static CompletableFuture<Integer> post(String node, int minute) {
        String report = ProbeReports.bf16(node, UUID.randomUUID(), ProbeReports.YESTERDAY.plusSeconds(60L * minute),
                Map.of("GPU-" + node + "-0", 790.0, "GPU-" + node + "-1", 792.0))
                .replace("\"NVIDIA H100 80GB HBM3\"", "\"Batch Test GPU\"");
        return CompletableFuture.supplyAsync(() -> ProbeRunResourceTest.post(report).extract().statusCode());
    }

    private long blockedOnLocks() {
        return count("SELECT count(*) FROM pg_stat_activity WHERE wait_event IN ('transactionid', 'tuple')"
                + " AND datname = current_database()");
    }

    private long count(String sql) {
        return pool.query(sql).executeAndAwait().iterator().next().getLong(0);
    }
}
