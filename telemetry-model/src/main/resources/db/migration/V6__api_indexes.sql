-- Indexes the site's API needs at fleet scale (10,000 GPUs): lists sort devices by node name, and filter nodes by
-- name without a cluster; sessions are scoped by the project they name even when the worker could not link them.
CREATE INDEX ai_node_name_idx ON ai_node (name);
CREATE INDEX usage_session_scope_start_idx ON usage_session (cluster_name, namespace, starts_at DESC);
