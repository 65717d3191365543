-- Indexes the site's API needs at fleet scale (10,000 GPUs, 500 projects).

-- Device lists sort by node name, and nodes are filtered by name without a cluster.
CREATE INDEX ai_node_name_idx ON ai_node (name);

-- The site shows a session the worker could not link to a project (project_id NULL) to the members of the cluster and
-- namespace it names; without this index each such read would visit every unlinked session ever recorded, and
-- sessions of namespaces that are no research project stay unlinked for good.
CREATE INDEX usage_session_unlinked_scope_idx ON usage_session (cluster_name, namespace, starts_at DESC)
  WHERE project_id IS NULL;
