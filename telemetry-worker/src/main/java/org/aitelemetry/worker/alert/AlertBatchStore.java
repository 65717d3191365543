package org.aitelemetry.worker.alert;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.worker.sql.Columns;
import org.aitelemetry.worker.sql.SqlValues;

/** Stores a whole webhook batch in one statement: either every alert of it is durable, or none is. */
@ApplicationScoped
public class AlertBatchStore {

    private final Pool pool;

    AlertBatchStore(Pool pool) {
        this.pool = pool;
    }

    /** Returns the id of the stored batch. */
    public Uni<Long> store(WebhookBatch batch) {
        List<WebhookAlert> alerts = batch.alerts();
        return pool.preparedQuery(AlertSql.STORE_BATCH)
                .execute(Tuple.tuple().addString(batch.receiver()).addString(batch.status().name())
                        .addString(batch.groupKey()).addString(batch.externalUrl()).addInteger(alerts.size())
                        .addInteger(batch.truncatedAlerts())
                        .addArrayOfString(Columns.text(alerts, WebhookAlert::fingerprint))
                        .addArrayOfString(Columns.text(alerts, alert -> alert.status().name()))
                        .addArrayOfOffsetDateTime(Columns.timestamptz(alerts, WebhookAlert::startsAt))
                        .addArrayOfOffsetDateTime(Columns.timestamptz(alerts, WebhookAlert::endsAt))
                        .addArrayOfString(Columns.text(alerts, alert -> SqlValues.json(alert.labels())))
                        .addArrayOfString(Columns.text(alerts, alert -> SqlValues.json(alert.annotations()))))
                .map(rows -> rows.iterator().next().getLong("id"));
    }
}
