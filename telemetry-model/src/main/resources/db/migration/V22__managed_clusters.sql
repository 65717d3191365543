-- What an ACM hub says of each cluster it manages (issue 22): vendor, cloud, version, availability, worker capacity
-- and the ManagedCluster's labels, as clusterlifecycle-state-metrics publishes them and the sync reads them from the
-- hub's metric source. Shown as they are; the last facts a hub said are kept when it stops saying them.
ALTER TABLE ai_cluster
  ADD COLUMN managed_cluster    jsonb,
  ADD COLUMN managed_cluster_at timestamptz;
