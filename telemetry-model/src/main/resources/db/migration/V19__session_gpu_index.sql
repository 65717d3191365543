-- Health credits (statements) read every session on a GPU found FAILED that overlaps the credit window: by GPU UUID
-- and start, over FINAL sessions too (the partial index usage_session_open_gpu_idx holds only open ones).
CREATE INDEX usage_session_gpu_start_idx ON usage_session (gpu_uuid, starts_at);
