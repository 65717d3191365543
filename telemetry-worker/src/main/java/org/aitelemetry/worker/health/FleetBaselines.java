package org.aitelemetry.worker.health;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Fleet-relative baselines ({@code fleet_baseline}): per SKU and throughput test, the median and MAD of each GPU's
 * latest figure in recent runs, GPUs whose latest run was judged DEGRADED or FAILED left out, recomputed in PostgreSQL every
 * {@code telemetry.health.fleet-baseline.every}. They score GPUs whose SKU has no static baseline and catch a fleet
 * drifting after a driver update. Replicas serialise on an advisory lock; the table is replaced in one transaction.
 */
@ApplicationScoped
public class FleetBaselines {

    private static final String LOCK = "SELECT pg_advisory_xact_lock(hashtext('aitelemetry.health.fleet-baseline'))";
    private static final String CLEAR = "DELETE FROM fleet_baseline";
    /**
     * Each GPU's latest result is found on narrow rows first; only those results' figures (the throughputs written at
     * ingest, {@link TestResult#isFleetFigure}) are then expanded.
     */
    private static final String RECOMPUTE = """
            WITH latest AS (
              SELECT DISTINCT ON (r.gpu_uuid) r.id, r.verdict
              FROM probe_result r JOIN probe_run p ON p.id = r.probe_run_id
              WHERE p.finished_at > now() - make_interval(secs => $1) AND p.finished_at <= now()
                AND r.product_name IS NOT NULL
              ORDER BY r.gpu_uuid, p.finished_at DESC),
            figures AS (
              SELECT r.product_name, t.key AS test_key, t.value::float8 AS value
              FROM latest l JOIN probe_result r ON r.id = l.id CROSS JOIN LATERAL jsonb_each_text(r.figures) AS t
              WHERE l.verdict NOT IN ('DEGRADED', 'FAILED')),
            medians AS (
              SELECT product_name, test_key, percentile_cont(0.5) WITHIN GROUP (ORDER BY value) AS median,
                     count(*) AS samples
              FROM figures GROUP BY product_name, test_key HAVING count(*) >= $2),
            spreads AS (
              SELECT f.product_name, f.test_key,
                     percentile_cont(0.5) WITHIN GROUP (ORDER BY abs(f.value - m.median)) AS mad
              FROM figures f JOIN medians m USING (product_name, test_key) GROUP BY f.product_name, f.test_key)
            INSERT INTO fleet_baseline (product_name, test_key, median, mad, samples, computed_at)
            SELECT m.product_name, m.test_key, m.median, s.mad, m.samples, now()
            FROM medians m JOIN spreads s USING (product_name, test_key)""";
    private static final String LOAD = """
            SELECT product_name, test_key, median, mad, samples FROM fleet_baseline WHERE product_name = ANY($1)""";

    private final Pool pool;
    private final HealthConfig.FleetBaseline config;
    private final Timer recomputeTimer;

    FleetBaselines(Pool pool, HealthConfig config, MeterRegistry registry) {
        this.pool = pool;
        this.config = config.fleetBaseline();
        this.recomputeTimer = Timer.builder("telemetry.health.fleet-baseline.recompute")
                .description("Time to recompute every fleet-relative baseline").register(registry);
    }

    @Scheduled(identity = "health-fleet-baseline", every = "${telemetry.health.fleet-baseline.every:15m}",
            delayed = "10s", concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return recompute().replaceWithVoid();
    }

    /** Recomputes every figure; completes with how many there are now. */
    public Uni<Integer> recompute() {
        long started = System.nanoTime();
        return pool.withTransaction(connection -> connection.query(LOCK).execute()
                .chain(() -> connection.query(CLEAR).execute())
                .chain(() -> connection.preparedQuery(RECOMPUTE).execute(Tuple.of(
                        (double) config.window().toSeconds(), config.minSamples())))
                .map(rows -> rows.rowCount()))
                .invoke(() -> recomputeTimer.record(System.nanoTime() - started,
                        TimeUnit.NANOSECONDS));
    }

    /** The figures of the given products, as a comparison with the configured tolerance. */
    public Uni<FleetComparison> comparison(SqlConnection connection, List<String> products) {
        return connection.preparedQuery(LOAD).execute(Tuple.of(products.toArray(String[]::new))).map(rows -> {
            Map<String, Map<String, FleetFigure>> byProduct = new HashMap<>();
            rows.forEach(row -> byProduct.computeIfAbsent(row.getString("product_name"), key -> new HashMap<>())
                    .put(row.getString("test_key"), new FleetFigure(row.getString("product_name"),
                            row.getString("test_key"), row.getDouble("median"), row.getDouble("mad"),
                            row.getInteger("samples"))));
            return new FleetComparison(byProduct, config.tolerance(), config.minSamples());
        });
    }
}
