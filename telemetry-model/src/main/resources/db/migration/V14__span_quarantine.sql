-- The span outbox's poison rows (acceptance scenario 29): a session whose span can never be built or sent (absurd
-- times, a span the exporter cannot encode) leaves the outbox as QUARANTINED with the reason, instead of being claimed,
-- failing and delaying the sessions claimed with it for ever. Both of a session's spans are quarantined together.
ALTER TABLE usage_session DROP CONSTRAINT usage_session_export_state_check;
ALTER TABLE usage_session ADD CONSTRAINT usage_session_export_state_check
  CHECK (export_state IN ('NOT_READY', 'PENDING', 'EXPORTED', 'QUARANTINED'));
ALTER TABLE usage_session DROP CONSTRAINT usage_session_start_export_state_check;
ALTER TABLE usage_session ADD CONSTRAINT usage_session_start_export_state_check
  CHECK (start_export_state IN ('NOT_READY', 'PENDING', 'EXPORTED', 'QUARANTINED'));
ALTER TABLE usage_session
  ADD COLUMN quarantined_at     timestamptz,
  -- Why the session cannot be exported, for the operator who repairs the row and sets it PENDING again.
  ADD COLUMN quarantine_reason  varchar(2000),
  ADD CONSTRAINT usage_session_quarantine_has_reason
    CHECK ((export_state = 'QUARANTINED') = (quarantine_reason IS NOT NULL));
