package org.aitelemetry.worker.idle;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.worker.mail.MailOutbox;
import org.aitelemetry.worker.sql.Columns;
import org.aitelemetry.worker.sql.SqlValues;
import org.jboss.logging.Logger;

/**
 * Finds projects holding GPUs idle for longer than {@code after} and tells them: a notice row with its GPUs, a mail to
 * the project's contacts through the outbox, both in one transaction, and once it committed a {@code gpu-usage} event.
 * Rate-limited per project ({@code min-interval}); a stretch noticed once is not noticed again while it goes on.
 */
@ApplicationScoped
public class IdleNotices {

    private static final Logger LOG = Logger.getLogger(IdleNotices.class);

    private final Pool pool;
    private final IdleNoticeConfig config;
    private final GpuUsageEventPublisher events;

    IdleNotices(Pool pool, IdleNoticeConfig config, GpuUsageEventPublisher events) {
        this.pool = pool;
        this.config = config;
        this.events = events;
    }

    /** Makes the notices due at {@code now} (whole hours before it count) and returns them as stored. */
    public Uni<List<IdleNotice>> noticeDue(Instant now) {
        Instant windowEnd = now.truncatedTo(ChronoUnit.HOURS);
        long leastHours = Math.max(1, (config.after().toMinutes() + 59) / 60);
        Tuple window = Tuple.tuple().addValue(SqlValues.utc(windowEnd.minus(config.lookback())))
                .addValue(SqlValues.utc(windowEnd)).addDouble(config.coverage()).addLong(leastHours)
                .addValue(SqlValues.utc(now.minus(config.minInterval())));
        return pool.withTransaction(connection -> connection.query(IdleNoticeSql.TRY_LOCK).execute()
                        .chain(lock -> lock.iterator().next().getBoolean("locked")
                                ? store(connection, window, now) : Uni.createFrom().item(List.<IdleNotice>of())))
                .invoke(notices -> notices.forEach(events::publish))
                .invoke(notices -> notices.forEach(IdleNotices::log));
    }

    private Uni<List<IdleNotice>> store(SqlConnection connection, Tuple window, Instant now) {
        return connection.preparedQuery(IdleNoticeSql.CANDIDATES).execute(window)
                .map(rows -> {
                    List<Row> all = new ArrayList<>();
                    rows.forEach(all::add);
                    return IdleNotice.fromCandidates(all, now);
                })
                .chain(notices -> Multi.createFrom().iterable(notices)
                        .onItem().transformToUniAndConcatenate(notice -> store(connection, notice))
                        .collect().asList());
    }

    private Uni<IdleNotice> store(SqlConnection connection, IdleNotice notice) {
        return connection.preparedQuery(IdleNoticeSql.INSERT_NOTICE)
                .execute(Tuple.tuple().addLong(notice.projectId()).addString(notice.clusterName())
                        .addString(notice.namespace()).addValue(SqlValues.utc(notice.from()))
                        .addValue(SqlValues.utc(notice.until())).addInteger(notice.gpus().size())
                        .addDouble(notice.idleGpuHours()).addValue(notice.costWasted())
                        .addString(notice.currency()).addInteger(notice.contacts().size())
                        .addValue(SqlValues.utc(notice.noticedAt())))
                .map(rows -> notice.withId(rows.iterator().next().getLong("id")))
                .call(stored -> connection.preparedQuery(IdleNoticeSql.INSERT_GPUS).execute(gpus(stored)))
                .call(stored -> stored.contacts().isEmpty() ? Uni.createFrom().voidItem()
                        : MailOutbox.enqueue(connection, IdleNoticeMail.of(stored)));
    }

    private static Tuple gpus(IdleNotice notice) {
        List<IdleStretch> gpus = notice.gpus();
        return Tuple.tuple().addLong(notice.id())
                .addArrayOfString(Columns.text(gpus, IdleStretch::entityKind))
                .addArrayOfLong(Columns.bigint(gpus, IdleStretch::entityId))
                .addArrayOfString(Columns.text(gpus, IdleStretch::gpuUuid))
                .addArrayOfInteger(Columns.integer(gpus, IdleStretch::gpuInstanceId))
                .addArrayOfString(Columns.text(gpus, IdleStretch::migProfile))
                .addArrayOfString(Columns.text(gpus, IdleStretch::nodeName))
                .addArrayOfOffsetDateTime(Columns.timestamptz(gpus, IdleStretch::from))
                .addArrayOfOffsetDateTime(Columns.timestamptz(gpus, IdleStretch::until))
                .addArrayOfDouble(Columns.float8(gpus, IdleStretch::idleGpuHours))
                .addArrayOfBigDecimal(gpus.stream().map(IdleStretch::costWasted).toArray(BigDecimal[]::new))
                .addArrayOfString(Columns.text(gpus, IdleStretch::label));
    }

    private static void log(IdleNotice notice) {
        LOG.infof("Idle-GPU notice %d to %s: %d GPU(s) idle %s to %s, %.1f GPU-hours, %s %s wasted; mailed to %d",
                notice.id(), notice.projectKey(), notice.gpus().size(), notice.from(), notice.until(),
                notice.idleGpuHours(), notice.costWasted().toPlainString(), notice.currency(),
                notice.contacts().size());
    }
}
