package org.aitelemetry.worker.alert;

import org.aitelemetry.worker.pipeline.NotificationShards;

/** The SQL of alert ingest: how a webhook batch is stored. */
final class AlertSql {

    private AlertSql() {
    }

    /**
     * One statement, so one round trip and atomic without BEGIN/COMMIT: the batch and all its alerts, each queued for
     * session processing under its shard, or nothing.
     */
    static final String STORE_BATCH = """
            WITH batch AS (
              INSERT INTO alert_batch (receiver, status, group_key, external_url, alert_count, truncated_alerts)
              VALUES ($1, $2, $3, $4, $5, $6) RETURNING id),
            alerts AS (
              INSERT INTO alert_notification (batch_id, fingerprint, status, starts_at, ends_at, labels, annotations)
              SELECT batch.id, u.fingerprint, u.status, u.starts_at, u.ends_at, u.labels::jsonb, u.annotations::jsonb
              FROM batch, unnest($7::text[], $8::text[], $9::timestamptz[], $10::timestamptz[], $11::text[], $12::text[])
                   AS u(fingerprint, status, starts_at, ends_at, labels, annotations)
              RETURNING id, fingerprint, received_at),
            queued AS (
              INSERT INTO alert_pending (shard, notification_id, received_at)
              SELECT %s, id, received_at FROM alerts)
            SELECT id FROM batch""".formatted(NotificationShards.of("alerts.fingerprint"));
}
