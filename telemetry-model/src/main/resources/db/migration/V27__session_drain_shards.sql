-- Session processing drains pending notifications from a queue of their own, in four shards by fingerprint (issue 24).
--
-- alert_pending: one narrow row per notification not yet applied to sessions, written by the webhook in the statement
-- that stores the notification and deleted by the drain in the transaction that applies it. It replaces marking
-- alert_notification.processed_at: that update rewrote each whole notification (labels, annotations) into a new tuple
-- and so extended the table the webhook appends to, the two waiting on the same relation-extension lock; it was a
-- fifth of a drain's time in PostgreSQL.
--
-- shard = hashtext(fingerprint) & 3: a session's notifications all fall in one shard and apply in id (arrival) order
-- within it, while the shards drain at once, on one replica or several. The worker's NotificationShards must match.
-- received_at locates the notification's monthly partition.
CREATE TABLE alert_pending (
  shard            smallint    NOT NULL,
  notification_id  bigint      NOT NULL,
  received_at      timestamptz NOT NULL,
  PRIMARY KEY (shard, notification_id)
);

INSERT INTO alert_pending (shard, notification_id, received_at)
SELECT hashtext(fingerprint) & 3, id, received_at FROM alert_notification WHERE processed_at IS NULL;

DROP INDEX alert_notification_pending_idx;
ALTER TABLE alert_notification DROP COLUMN processed_at;

-- A re-sent firing changes only a session's last_seen_at and counters, no indexed column: with room left on the page
-- the update is HOT and touches none of the table's fourteen indexes. At the default fillfactor (100) only 3.5 % of
-- the updates in the ingest benchmark were HOT. New pages keep 20 % free; existing ones fill as they did.
ALTER TABLE usage_session SET (fillfactor = 80);
