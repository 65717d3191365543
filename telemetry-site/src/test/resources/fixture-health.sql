-- Health tests' additions (ids 6000-6999; see the health tests for what each is for). Loaded after fixture.sql.

-- Probe runs: an older degraded run on worker-gpu-0001, a run from a host the fleet sync has not seen (no node), and
-- a no-GPU run on cluster-02.
INSERT INTO probe_run (id, run_id, node_id, hostname, request_id, schema_version, probe_version, started_at, finished_at,
                       received_at, exit_code, verdict, report)
VALUES (6001, 'b1a1e000-0000-4000-8000-000000006001', 101, 'worker-gpu-0001', NULL, '1', '0.1.0',
        '2026-11-19T10:58:00Z', '2026-11-19T11:00:00Z', '2026-11-19T11:00:02Z', 1, 'DEGRADED', '{}'),
       (6002, 'b1a1e000-0000-4000-8000-000000006002', NULL, 'new-gpu-host', NULL, '1', '0.1.0',
        '2026-11-18T08:00:00Z', '2026-11-18T08:02:00Z', '2026-11-18T08:02:01Z', 0, 'HEALTHY', '{}'),
       (6003, 'b1a1e000-0000-4000-8000-000000006003', 201, 'worker-gpu-0001', NULL, '1', '0.1.0',
        '2026-11-17T09:00:00Z', '2026-11-17T09:01:00Z', '2026-11-17T09:01:01Z', 3, 'NO_GPU', '{}');
INSERT INTO probe_result (id, probe_run_id, gpu_uuid, device_id, verdict, reasons, tests)
VALUES (6011, 6001, 'GPU-0000aaaa-0000-0000-0000-000000000001', 1001, 'DEGRADED',
        '{"memory_bandwidth at 88% of the baseline"}',
        '{"memory_bandwidth": {"status": "degraded", "value": 2948, "unit": "GB/s", "baseline": 3350, "ratio": 0.88}}'),
       (6012, 6002, 'GPU-0000cccc-0000-0000-0000-000000000001', NULL, 'HEALTHY', '{}',
        '{"gemm_bf16": {"status": "passed", "value": 792.0, "unit": "TFLOP/s", "baseline": 794, "ratio": 0.997}}');

-- Health-check requests: the test researcher's own on a project it is not a member of (cluster-02/nlp-001, the twin
-- of its own), someone else's on that twin project, and an admin's on a node. Created days ago: outside any rate window.
INSERT INTO health_check_request (id, requested_by, cluster_id, target_kind, node_name, namespace, pod_selector,
                                  pod_names, tests, state, state_reason, job_name, created_at, updated_at)
VALUES ('c4ec0000-0000-4000-8000-000000006101', 'service-account-test-researcher', 20, 'JOB', NULL, 'nlp-001',
        'job-name=speech', '{}', '{}', 'FAILED', 'no pod matched the selector', 'gpu-probe-6101',
        '2026-11-20T09:00:00Z', '2026-11-20T09:05:00Z'),
       ('c4ec0000-0000-4000-8000-000000006102', 'someone-else', 20, 'PROJECT', NULL, 'nlp-001', NULL, '{}',
        '{"gemm_bf16","memory_bandwidth"}', 'PENDING', NULL, NULL, '2026-11-20T08:00:00Z', '2026-11-20T08:00:00Z'),
       ('c4ec0000-0000-4000-8000-000000006103', 'an-admin', 10, 'NODE', 'worker-gpu-0002', NULL, NULL, '{}', '{}',
        'SCHEDULED', NULL, 'gpu-probe-6103', '2026-11-20T07:00:00Z', '2026-11-20T07:01:00Z');

-- Trusted health (V11). The failed GPU (…0002) with its evidence, advice and one clean run towards recovery; its
-- latest result's NVML snapshot, whose XID reason tries to inject markup into a ticket; its board's two failures in
-- 30 days (one recorded under its UUID, before its serial was read): a repeat offender; the H100's fleet baseline.
UPDATE gpu_device SET health_clean_runs = 1,
  health_evidence = '[{"kind": "hardware_xid", "severity": "hard", "test": "nvml_xid",
                       "summary": "XID 79: the GPU fell off the bus", "details": {"xids": [79]}},
                      {"kind": "below_baseline", "severity": "degraded", "test": "gemm_bf16",
                       "summary": "gemm_bf16 at 61% of the baseline", "details": {"ratio": 0.61}}]',
  health_advice = '[{"action": "drain_reboot", "summary": "Drain the node and reboot it.", "because": ["hardware_xid"]},
                    {"action": "rma", "summary": "RMA board 1650123000002: it failed twice in 30 days.",
                     "because": ["repeat_offender"]}]'
WHERE id = 1002;
UPDATE probe_result SET serial = '1650123000002', product_name = 'NVIDIA H100 80GB HBM3',
  evidence = (SELECT health_evidence FROM gpu_device WHERE id = 1002),
  advice = (SELECT health_advice FROM gpu_device WHERE id = 1002),
  tests = (tests::jsonb || '{"nvml_xid": {"status": "failed", "value": 79, "unit": "xid",
                      "reason": "<script>alert(1)</script> | [click](https://evil.example) www.evil.example"},
                     "nvml_temperature": {"status": "passed", "value": 58, "unit": "celsius"}}')::json
WHERE gpu_uuid = 'GPU-0000aaaa-0000-0000-0000-000000000002';
INSERT INTO gpu_failure (board, serial, gpu_uuid, cluster, node, run_id, evidence, failed_at)
VALUES ('1650123000002', '1650123000002', 'GPU-0000aaaa-0000-0000-0000-000000000002', 'cluster-01', 'worker-gpu-0001',
        '5c0f1a2e-0000-4000-8000-000000000001',
        '[{"kind": "hardware_xid", "severity": "hard", "test": "nvml_xid", "summary": "XID 79: the GPU fell off the bus",
           "details": {}}]', now() - interval '2 days'),
       ('GPU-0000aaaa-0000-0000-0000-000000000002', NULL, 'GPU-0000aaaa-0000-0000-0000-000000000002', 'cluster-02',
        'an-old-node', 'b1a1e000-0000-4000-8000-000000006001', '[]', now() - interval '20 days');
INSERT INTO fleet_baseline (product_name, test_key, median, mad, samples, computed_at)
VALUES ('NVIDIA H100 80GB HBM3', 'gemm_bf16', 780.0, 12.0, 40, '2026-11-21T00:00:00Z');
