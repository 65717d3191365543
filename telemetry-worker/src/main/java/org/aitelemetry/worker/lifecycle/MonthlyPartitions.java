package org.aitelemetry.worker.lifecycle;

import static org.aitelemetry.worker.sql.SqlValues.utc;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Keeps the monthly partitions of every partitioned table ready: the current month and {@code months-ahead} more, so
 * that an insert stamped with the time it arrives always finds its month (there is no DEFAULT partition to catch it,
 * see V17). The rollup makes the month of an older hour it backfills itself, in its own transaction.
 */
@ApplicationScoped
public class MonthlyPartitions {

    private static final Logger LOG = Logger.getLogger(MonthlyPartitions.class);

    private final Pool pool;
    private final RetentionConfig config;

    MonthlyPartitions(Pool pool, RetentionConfig config) {
        this.pool = pool;
        this.config = config;
    }

    /** Makes the missing partitions from {@code now}'s month to {@code months-ahead} after it; returns those made. */
    public Uni<List<String>> ensureAhead(Instant now) {
        YearMonth current = YearMonth.from(now.atZone(ZoneOffset.UTC));
        List<Tuple> wanted = new ArrayList<>();
        for (String table : PartitionFamily.partitionedTables()) {
            for (int ahead = 0; ahead <= config.monthsAhead(); ahead++) {
                wanted.add(Tuple.of(table, utc(current.plusMonths(ahead).atDay(1).atStartOfDay(ZoneOffset.UTC)
                        .toInstant())));
            }
        }
        // One statement per month: each takes its own short lock on the parent, so ingest waits for one at most.
        return Multi.createFrom().iterable(wanted)
                .onItem().transformToUniAndConcatenate(month -> pool.preparedQuery(LifecycleSql.ENSURE_MONTH)
                        .execute(month).map(rows -> rows.iterator().next().getBoolean("created")
                                ? month.getString(0) + " " + month.getOffsetDateTime(1).toLocalDate() : ""))
                .select().where(made -> !made.isEmpty())
                .invoke(made -> LOG.infof("partition made: %s", made))
                .collect().asList();
    }
}
