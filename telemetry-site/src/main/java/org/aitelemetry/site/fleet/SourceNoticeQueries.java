package org.aitelemetry.site.fleet;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;
import org.aitelemetry.site.api.Rows;

/**
 * Metric sources whose last sync cycle had something to say (failed, incomplete, found no GPU and why): the fleet page
 * shows them even when the source yielded no cluster to hang a message on.
 */
@ApplicationScoped
public class SourceNoticeQueries {

    /** A source's last word, as the worker recorded it on its row. */
    public record SourceNotice(String source, String syncStatus, OffsetDateTime lastSyncAt, String message) {
    }

    private static final String WITH_MESSAGE = """
            SELECT name, sync_status, last_sync_at, sync_message FROM metric_source
            WHERE sync_message IS NOT NULL ORDER BY name""";

    private final Pool pool;

    public SourceNoticeQueries(Pool pool) {
        this.pool = pool;
    }

    Uni<List<SourceNotice>> withMessage() {
        return pool.query(WITH_MESSAGE).execute().map(rows -> Rows.all(rows, SourceNoticeQueries::notice));
    }

    private static SourceNotice notice(Row row) {
        return new SourceNotice(row.getString("name"), row.getString("sync_status"),
                row.getOffsetDateTime("last_sync_at"), row.getString("sync_message"));
    }
}
