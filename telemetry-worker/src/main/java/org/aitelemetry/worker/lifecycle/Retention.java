package org.aitelemetry.worker.lifecycle;

import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * The retention run: drops what is older than {@code telemetry.retention.*} allows, table by table, one replica at a
 * time. It holds a session advisory lock on one connection outside any transaction (DETACH ... CONCURRENTLY needs
 * that), and lets go of it however the run ends. Callable on demand ({@link #runOnce}) as well as by the job.
 */
@ApplicationScoped
public class Retention {

    private static final Logger LOG = Logger.getLogger(Retention.class);

    private final Pool pool;
    private final RetentionMetrics metrics;
    private final int deleteBatch;
    private final RetentionPeriod alertBodies;
    private final RetentionPeriod hourlyRollups;
    private final RetentionPeriod dailyRollups;
    private final RetentionPeriod sessions;
    private final RetentionPeriod probeResults;

    Retention(Pool pool, RetentionConfig config, RetentionMetrics metrics) {
        this.pool = pool;
        this.metrics = metrics;
        this.deleteBatch = config.deleteBatch();
        // Parsed at start, so that a misspelt setting stops the worker with its reason instead of a nightly error.
        this.alertBodies = RetentionPeriod.parse(config.alertBodies());
        this.hourlyRollups = RetentionPeriod.parse(config.hourlyRollups());
        this.dailyRollups = RetentionPeriod.parse(config.dailyRollups());
        this.sessions = RetentionPeriod.parse(config.sessions());
        this.probeResults = RetentionPeriod.parse(config.probeResults());
    }

    /** Runs retention as of {@code now}; answers {@link RetentionReport#NOT_RUN} when another replica is running it. */
    @WithSpan("retention")
    public Uni<RetentionReport> runOnce(Instant now) {
        return pool.withConnection(connection -> connection.query(LifecycleSql.TRY_LOCK).execute()
                .map(rows -> rows.iterator().next().getBoolean("locked"))
                .chain(locked -> locked ? timed(runLocked(connection, now)).onTermination()
                        .call(() -> connection.query(LifecycleSql.UNLOCK).execute())
                        : Uni.createFrom().item(RetentionReport.NOT_RUN)));
    }

    private Uni<RetentionReport> timed(Uni<RetentionReport> run) {
        return Uni.createFrom().deferred(() -> {
            long started = System.nanoTime();
            return run.invoke(report -> metrics.ran(Duration.ofNanos(System.nanoTime() - started)));
        });
    }

    private Uni<RetentionReport> runLocked(SqlConnection connection, Instant now) {
        PartitionedRetention partitions = new PartitionedRetention(connection);
        RowRetention rows = new RowRetention(connection, deleteBatch);
        List<Supplier<Uni<TableOutcome>>> steps = List.of(
                () -> step(PartitionFamily.ALERT_BODIES.table(), alertBodies.cutoff(now),
                        cutoff -> partitions.dropBefore(PartitionFamily.ALERT_BODIES, cutoff)),
                () -> step(PartitionFamily.HOURLY_ROLLUPS.table(), hourlyRollups.cutoff(now),
                        cutoff -> partitions.dropBefore(PartitionFamily.HOURLY_ROLLUPS, cutoff)),
                () -> step("usage_rollup_hour", hourlyRollups.cutoff(now), rows::rollupMarks),
                () -> step(PartitionFamily.DAILY_ROLLUPS.table(), dailyRollups.cutoff(now),
                        cutoff -> partitions.dropBefore(PartitionFamily.DAILY_ROLLUPS, cutoff)),
                () -> step("usage_session", sessions.cutoff(now), rows::sessions),
                () -> step("probe_run", probeResults.cutoff(now), rows::probeRuns));
        return Multi.createFrom().iterable(steps)
                .onItem().transformToUniAndConcatenate(Supplier::get)
                .invoke(metrics::record)
                .collect().asList()
                .map(outcomes -> new RetentionReport(true, outcomes))
                .onFailure().invoke(failure -> LOG.errorf(failure, "retention run failed; the next run goes on"));
    }

    private static Uni<TableOutcome> step(String table, Optional<Instant> cutoff,
            Function<Instant, Uni<TableOutcome>> work) {
        return cutoff.map(work).orElseGet(() -> Uni.createFrom().item(TableOutcome.off(table)));
    }
}
