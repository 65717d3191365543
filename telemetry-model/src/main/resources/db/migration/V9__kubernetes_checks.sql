-- The idle-time policy looks up a node's latest NODE check (at most one per interval).
CREATE INDEX health_check_request_node_idx ON health_check_request (cluster_id, node_name, created_at DESC)
  WHERE target_kind = 'NODE';
