package org.aitelemetry.worker.lifecycle;

import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.quarkus.runtime.Startup;
import io.quarkus.runtime.configuration.ConfigurationException;
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
import org.aitelemetry.worker.statement.StatementConfig;
import org.aitelemetry.worker.usage.UsageConfig;
import org.jboss.logging.Logger;

/**
 * The retention run: drops what is older than {@code telemetry.retention.*} allows, table by table, one replica at a
 * time. It holds a session advisory lock on one connection outside any transaction (DETACH ... CONCURRENTLY needs
 * that), and lets go of it however the run ends. Callable on demand ({@link #runOnce}) as well as by the job. Made at
 * start, so that a misspelt setting, or one shorter than what another job reaches back to, stops the worker with its
 * reason instead of failing at night.
 */
@Startup
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
    private final RetentionPeriod sentMail;
    private final RetentionPeriod idleNotices;
    private final RetentionPeriod statements;

    Retention(Pool pool, RetentionConfig config, RetentionMetrics metrics, StatementConfig reports,
            UsageConfig usage) {
        this.pool = pool;
        this.metrics = metrics;
        this.deleteBatch = config.deleteBatch();
        this.alertBodies = RetentionPeriod.parse(config.alertBodies());
        this.hourlyRollups = RetentionPeriod.parse(config.hourlyRollups());
        this.dailyRollups = RetentionPeriod.parse(config.dailyRollups());
        this.sessions = RetentionPeriod.parse(config.sessions());
        this.probeResults = RetentionPeriod.parse(config.probeResults());
        this.sentMail = RetentionPeriod.parse(config.sentMail());
        this.idleNotices = RetentionPeriod.parse(config.idleNotices());
        this.statements = RetentionPeriod.parse(config.statements());
        Instant now = Instant.now();
        requireKept("hourly-rollups", hourlyRollups, "telemetry.usage.backfill-max", usage.backfillMax(), now,
                "the rollup would recompute hours whose rows are dropped");
        requireKept("hourly-rollups", hourlyRollups, "telemetry.reports.horizon", reports.horizon(), now,
                "statements within the horizon are made from the hourly rollups");
        requireKept("statements", statements, "telemetry.reports.horizon", reports.horizon(), now,
                "the statement job would make and mail dropped statements again");
    }

    private static void requireKept(String setting, RetentionPeriod period, String reachSetting, Duration reach,
            Instant now, String why) {
        if (!period.keeps(reach, now)) {
            throw new ConfigurationException("telemetry.retention." + setting + " keeps less than " + reachSetting
                    + " (" + reach.toDays() + " days) reaches back: " + why);
        }
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
                () -> step("probe_run", probeResults.cutoff(now), rows::probeRuns),
                () -> step("mail_outbox", sentMail.cutoff(now), rows::sentMail),
                () -> step("idle_notice", idleNotices.cutoff(now), rows::idleNotices),
                () -> step("statement", statements.cutoff(now), rows::statements));
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
