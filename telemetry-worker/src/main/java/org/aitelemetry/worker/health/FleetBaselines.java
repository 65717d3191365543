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
        return pool.withTransaction(connection -> connection.query(HealthSql.BASELINE_LOCK).execute()
                .chain(() -> connection.query(HealthSql.CLEAR_BASELINES).execute())
                .chain(() -> connection.preparedQuery(HealthSql.RECOMPUTE_BASELINES).execute(Tuple.of(
                        (double) config.window().toSeconds(), config.minSamples())))
                .map(rows -> rows.rowCount()))
                .invoke(() -> recomputeTimer.record(System.nanoTime() - started,
                        TimeUnit.NANOSECONDS));
    }

    /** The figures of the given products, as a comparison with the configured tolerance. */
    public Uni<FleetComparison> comparison(SqlConnection connection, List<String> products) {
        Tuple lookup = Tuple.of(products.toArray(String[]::new));
        return connection.preparedQuery(HealthSql.LOAD_BASELINES).execute(lookup).map(rows -> {
            Map<String, Map<String, FleetFigure>> byProduct = new HashMap<>();
            rows.forEach(row -> byProduct.computeIfAbsent(row.getString("product_name"), key -> new HashMap<>())
                    .put(row.getString("test_key"), new FleetFigure(row.getString("product_name"),
                            row.getString("test_key"), row.getDouble("median"), row.getDouble("mad"),
                            row.getInteger("samples"))));
            return new FleetComparison(byProduct, config.tolerance(), config.minSamples());
        });
    }
}
