-- What the session state machine and the span outbox need beyond V2 (contracts.md §2–3).

ALTER TABLE usage_session
  -- Latest notification that concerned the session (a firing re-sent, a resolve).
  ADD COLUMN last_seen_at        timestamptz,
  -- The alert's startsAt the session follows now, when it differs from starts_at: the alert came back with a new
  -- startsAt inside the grace period of a resolve (a Prometheus restart after an outage) and the session went on.
  ADD COLUMN current_starts_at   timestamptz,
  -- Firing notifications that arrived after the session was final: recorded, never reopening it.
  ADD COLUMN late_duplicates     integer       NOT NULL DEFAULT 0,
  -- Span attributes taken from the alert's labels at open.
  ADD COLUMN gpu_model           varchar(200),
  ADD COLUMN gpu_index           integer,
  ADD COLUMN mig_profile         varchar(32),
  -- Link to the session's trace in Tempo (telemetry.tracing.trace-url-template), stored so old traces stay findable.
  ADD COLUMN trace_url           varchar(2048),
  -- The optional zero-length gpu.usage.start span, exported at open through the same outbox.
  ADD COLUMN start_export_state  varchar(16)   NOT NULL DEFAULT 'NOT_READY'
                                 CHECK (start_export_state IN ('NOT_READY', 'PENDING', 'EXPORTED')),
  ADD COLUMN last_export_error   varchar(2000),
  -- When the aggregates at close (utilization, energy, GPU-seconds) were read from the metric source.
  ADD COLUMN aggregates_at       timestamptz;

CREATE INDEX usage_session_current_key_idx ON usage_session (fingerprint, current_starts_at)
  WHERE current_starts_at IS NOT NULL;
CREATE INDEX usage_session_start_export_idx ON usage_session (next_export_at) WHERE start_export_state = 'PENDING';

-- Notifications in arrival order for the session processor; the batch's time is the notification's arrival.
CREATE INDEX alert_notification_batch_idx ON alert_notification (batch_id);
