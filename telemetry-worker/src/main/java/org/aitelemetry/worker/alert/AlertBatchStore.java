package org.aitelemetry.worker.alert;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Stores a whole webhook batch in one statement: either every alert of it is durable, or none is. */
@ApplicationScoped
public class AlertBatchStore {

    /** One statement, so one round trip and atomic without BEGIN/COMMIT: the batch and all its alerts, or nothing. */
    private static final String STORE = """
            WITH batch AS (
              INSERT INTO alert_batch (receiver, status, group_key, external_url, alert_count, truncated_alerts)
              VALUES ($1, $2, $3, $4, $5, $6) RETURNING id),
            alerts AS (
              INSERT INTO alert_notification (batch_id, fingerprint, status, starts_at, ends_at, labels, annotations)
              SELECT batch.id, u.fingerprint, u.status, u.starts_at, u.ends_at, u.labels::jsonb, u.annotations::jsonb
              FROM batch, unnest($7::text[], $8::text[], $9::timestamptz[], $10::timestamptz[], $11::text[], $12::text[])
                   AS u(fingerprint, status, starts_at, ends_at, labels, annotations))
            SELECT id FROM batch""";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Pool pool;

    AlertBatchStore(Pool pool) {
        this.pool = pool;
    }

    /** Returns the id of the stored batch. */
    public Uni<Long> store(WebhookBatch batch) {
        List<WebhookAlert> alerts = batch.alerts();
        return pool.preparedQuery(STORE)
                .execute(Tuple.tuple().addString(batch.receiver()).addString(batch.status().name())
                        .addString(batch.groupKey()).addString(batch.externalUrl()).addInteger(alerts.size())
                        .addInteger(batch.truncatedAlerts())
                        .addArrayOfString(column(alerts, WebhookAlert::fingerprint))
                        .addArrayOfString(column(alerts, alert -> alert.status().name()))
                        .addArrayOfOffsetDateTime(times(alerts, WebhookAlert::startsAt))
                        .addArrayOfOffsetDateTime(times(alerts, WebhookAlert::endsAt))
                        .addArrayOfString(column(alerts, alert -> json(alert.labels())))
                        .addArrayOfString(column(alerts, alert -> json(alert.annotations()))))
                .map(rows -> rows.iterator().next().getLong("id"));
    }

    private static String[] column(List<WebhookAlert> alerts, Function<WebhookAlert, String> value) {
        return alerts.stream().map(value).toArray(String[]::new);
    }

    private static OffsetDateTime[] times(List<WebhookAlert> alerts, Function<WebhookAlert, Instant> value) {
        return alerts.stream().map(value).map(time -> time == null ? null : time.atOffset(ZoneOffset.UTC))
                .toArray(OffsetDateTime[]::new);
    }

    private static String json(Map<String, String> values) {
        try {
            return JSON.writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode labels", e);
        }
    }
}
