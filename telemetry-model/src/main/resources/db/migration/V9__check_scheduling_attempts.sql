-- Bounded retries of the gpu-probe Jobs of a health-check request (docs/architecture.md, "Kubernetes signal and
-- on-demand checks"): a request whose Jobs the Kubernetes API would not create is retried after a growing delay and
-- fails once it has used its attempts, instead of going back to PENDING for ever.

ALTER TABLE health_check_request
  -- Scheduling rounds that failed to create the request's Jobs.
  ADD COLUMN schedule_attempts   integer       NOT NULL DEFAULT 0 CHECK (schedule_attempts >= 0),
  -- A PENDING request is not claimed before this time (null: at once).
  ADD COLUMN schedule_after      timestamptz;
