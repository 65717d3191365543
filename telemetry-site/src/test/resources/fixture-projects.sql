-- What the project and session tests add to fixture.sql (ids 5000–5999; see ProjectFixture.java).

-- An inactive project that left the cluster, for filters and sorts an admin sees.
INSERT INTO research_project (id, cluster_id, namespace, title, active, gpus_requested, state, last_seen_at)
VALUES (5001, 20, 'archive-005', 'Finished project', false, 0, 'MISSING', '2026-10-01T12:00:00Z');

-- Sessions the worker could not link to a project (project_id NULL), one in the own project's namespace and one in
-- its twin on cluster-02: only the first is the researcher's.
INSERT INTO usage_session (id, fingerprint, starts_at, ends_at, state, close_reason, alert_name, labels, cluster_name,
                           node_name, gpu_uuid, gpu_instance_id, namespace, pod, container, device_id, slice_id,
                           project_id, trace_id, span_id, trace_url, gpu_model, gpu_index, mig_profile,
                           utilization_avg, energy_joules, gpu_seconds, export_state)
VALUES (5001, 'f0000000000005001', '2026-11-18T10:00:00Z', '2026-11-18T12:00:00Z', 'FINAL', 'UNOBSERVED',
        'GpuInUse', '{}', 'cluster-01', 'worker-gpu-0001', 'GPU-0000aaaa-0000-0000-0000-000000000001', NULL, 'nlp-001',
        'nlp-debug-0', 'debug', 1001, NULL, NULL, '5af7651916cd43dd8448eb211c80319c', 'a7ad6b7169205001', NULL,
        'NVIDIA H100 80GB HBM3', 0, NULL, 12.5, 720000, 7200, 'PENDING'),
       (5002, 'f0000000000005002', '2026-11-18T10:00:00Z', '2026-11-18T11:00:00Z', 'FINAL', 'UNOBSERVED',
        'GpuInUse', '{}', 'cluster-02', 'worker-gpu-0001', 'GPU-0000bbbb-0000-0000-0000-000000000001', NULL, 'nlp-001',
        'nlp-debug-0', 'debug', 2001, NULL, NULL, '6af7651916cd43dd8448eb211c80319c', 'a7ad6b7169205002', NULL,
        'NVIDIA A100-SXM4-80GB', 0, NULL, 30, 360000, 3600, 'PENDING');
