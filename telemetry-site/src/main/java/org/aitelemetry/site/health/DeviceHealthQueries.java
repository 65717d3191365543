package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.Arrays;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.SqlFilter;

/** Reads a device's health history from probe results: inventory, visible to every telemetry role. */
@ApplicationScoped
public class DeviceHealthQueries {

    private static final PagedQuery HISTORY = new PagedQuery("p.run_id, p.finished_at, r.verdict, r.reasons",
            "probe_result r JOIN probe_run p ON p.id = r.probe_run_id");

    private final Pool pool;

    public DeviceHealthQueries(Pool pool) {
        this.pool = pool;
    }

    /** The device's verdicts newest first, or null when there is no such device. */
    public Uni<Page<HealthVerdictEntry>> history(String uuid, OffsetDateTime from, OffsetDateTime to,
            PageRequest page) {
        SqlFilter filter = new SqlFilter().and("r.gpu_uuid = ?", uuid)
                .when(from, "p.finished_at >= ?")
                .when(to, "p.finished_at < ?");
        return exists(uuid).flatMap(exists -> exists
                ? HISTORY.run(pool, filter, "p.finished_at DESC, r.id DESC", page, DeviceHealthQueries::entry)
                : Uni.createFrom().nullItem());
    }

    private Uni<Boolean> exists(String uuid) {
        return pool.preparedQuery("SELECT 1 FROM gpu_device WHERE uuid = $1").execute(Tuple.of(uuid))
                .map(rows -> rows.size() > 0);
    }

    private static HealthVerdictEntry entry(Row row) {
        return new HealthVerdictEntry(row.getUUID("run_id"), row.getOffsetDateTime("finished_at"),
                row.getString("verdict"), Arrays.asList(row.getArrayOfStrings("reasons")));
    }
}
