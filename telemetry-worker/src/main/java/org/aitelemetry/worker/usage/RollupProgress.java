package org.aitelemetry.worker.usage;

import static org.aitelemetry.worker.sql.SqlValues.instant;
import static org.aitelemetry.worker.sql.SqlValues.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;

/**
 * How far the rollups of a period have come, per configured source: what a statement waits for. An hour is owed from
 * the oldest hour the source still holds wholly (older ones can no longer be rolled up) to the period's end, and a
 * source is through once a run after the period's end found every owed hour marked done.
 */
@ApplicationScoped
public class RollupProgress {

    private final Pool pool;
    private final SourceClients clients;

    RollupProgress(Pool pool, SourceClients clients) {
        this.pool = pool;
        this.clients = clients;
    }

    /**
     * @param checkedAfterEnd whether a rollup run checked the source after the period ended
     * @param hoursOwed       the period's hours the source still holds
     * @param hoursDone       those of them rolled up
     */
    public record SourceProgress(String source, boolean checkedAfterEnd, long hoursOwed, long hoursDone) {

        public boolean complete() {
            return checkedAfterEnd && hoursDone >= hoursOwed;
        }
    }

    /** Every configured source's progress; one without a row yet was never checked. */
    public Uni<List<SourceProgress>> of(Instant start, Instant end) {
        List<String> names = clients.definitions().stream().map(SourceDefinition::name).toList();
        return pool.preparedQuery(UsageSql.PERIOD_PROGRESS)
                .execute(Tuple.of(names.toArray(String[]::new), utc(start), utc(end)))
                .map(rows -> {
                    Map<String, SourceProgress> known = new HashMap<>();
                    rows.forEach(row -> known.put(row.getString("name"), progress(row, start, end)));
                    return names.stream().map(name -> known.getOrDefault(name, new SourceProgress(name, false, 0, 0)))
                            .toList();
                });
    }

    /** The sources a period still waits for: those not through with it. */
    public Uni<List<SourceProgress>> waitingFor(Instant start, Instant end) {
        return of(start, end).map(all -> all.stream().filter(source -> !source.complete()).toList());
    }

    private static SourceProgress progress(Row row, Instant start, Instant end) {
        Instant checkedAt = instant(row, "rollup_checked_at");
        Instant horizonFrom = instant(row, "rollup_horizon_from");
        boolean checked = checkedAt != null && !checkedAt.isBefore(end);
        long owed = horizonFrom == null ? 0 : Math.max(0, Duration.between(later(start, horizonFrom), end).toHours());
        return new SourceProgress(row.getString("name"), checked, owed, row.getLong("done"));
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }
}
