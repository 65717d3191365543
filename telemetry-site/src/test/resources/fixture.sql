-- The API tests' fleet (see Fixture.java for what each id is for). Ids are fixed; identities restart above them.
INSERT INTO metric_source (id, name, url, auth_mode, sync_status, last_sync_at, sync_message)
VALUES (1, 'fleet', 'http://127.0.0.1:9/', 'NONE', 'OK', '2026-11-21T12:00:00Z',
        '2 GPUs or MIG instances publish no DCGM_FI_DEV_FB_FREE (a customised <b>dcgm-exporter</b> counter list): found by their other DCGM fields, free memory unknown');

INSERT INTO ai_cluster (id, source_id, name, node_count, gpu_count, slice_count, gpu_models, last_sync_at, sync_status,
                        last_seen_at)
VALUES (10, 1, 'cluster-01', 3, 4, 10, '{"NVIDIA H100 80GB HBM3", "AMD Instinct MI300X OAM"}', '2026-11-21T12:00:00Z', 'OK', '2026-11-21T12:00:00Z'),
       (20, 1, 'cluster-02', 1, 1, 0, '{"NVIDIA A100-SXM4-80GB"}', '2026-11-21T12:00:00Z', 'OK', '2026-11-21T12:00:00Z');
-- What the hub says of cluster-01 (V22); cluster-02's hub has said nothing. The cloud is user data: escaped on pages.
UPDATE ai_cluster SET managed_cluster = '{"managedClusterId": "9a1c2b3d-0000-4000-8000-000000000010",
    "hubClusterId": "5e6f7a8b-0000-4000-8000-0000000000aa", "vendor": "OpenShift", "cloud": "<b>BareMetal</b>",
    "version": "4.16.12", "available": "True", "coreWorkers": 128, "socketWorkers": null,
    "labels": {"cluster_open_cluster_management_io_clusterset": "research", "region": "mghpcc"}}',
    managed_cluster_at = '2026-11-21T12:00:00Z'
WHERE id = 10;

INSERT INTO ai_node (id, cluster_id, name, gpu_count, gpu_product, driver_version, cuda_version, kernel_version, os_image,
                     labels, health, health_reason, health_at, last_seen_at)
VALUES (101, 10, 'worker-gpu-0001', 2, 'NVIDIA H100 80GB HBM3', '550.54.15', '12.4', '5.14.0', 'RHCOS 4.16',
        '{"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3"}', 'DEGRADED', 'GPU-0000aaaa-…-0002 failed gemm_bf16',
        '2026-11-21T11:00:00Z', '2026-11-21T12:00:00Z'),
       (102, 10, 'worker-gpu-0002', 1, 'NVIDIA H100 80GB HBM3', '550.54.15', '12.4', '5.14.0', 'RHCOS 4.16', '{}',
        'HEALTHY', NULL, '2026-11-20T11:00:00Z', '2026-11-21T12:00:00Z'),
       (103, 10, 'worker-amd-0001', 1, 'AMD Instinct MI300X OAM', '6.10.5', NULL, '5.14.0', 'RHCOS 4.16',
        '{"amd.com/gpu.product-name": "Instinct_MI300X"}', 'UNKNOWN', NULL, NULL, '2026-11-21T12:00:00Z'),
       (201, 20, 'worker-gpu-0001', 1, 'NVIDIA A100-SXM4-80GB', '535.161.08', '12.2', '5.14.0', 'RHCOS 4.14', '{}',
        'UNKNOWN', NULL, NULL, '2026-11-21T12:00:00Z');

INSERT INTO gpu (id, product_name, architecture, memory_mib, memory_bandwidth_gbps, tdp_watts, catalogued)
VALUES (1, 'NVIDIA H100 80GB HBM3', 'Hopper', 81559, 3350, 700, true),
       (2, 'NVIDIA A100-SXM4-80GB', 'Ampere', 81920, 2039, 400, true),
       (3, 'AMD Instinct MI300X OAM', 'CDNA 3', 196592, 5300, 750, true);
INSERT INTO gpu_precision (gpu_id, precision, peak_tflops, achievable_tflops)
VALUES (1, 'BF16', 989, 794), (1, 'FP64', 67, 52), (2, 'BF16', 312, 270);

INSERT INTO gpu_device (id, uuid, node_id, gpu_id, gpu_index, pci_bus_id, serial, mig_enabled, utilization_percent,
                        memory_used_mib, memory_free_mib, power_watts, temperature_celsius, memory_temperature_celsius,
                        energy_joules, readings_at, health, health_reason, health_at, last_seen_at)
VALUES (1001, 'GPU-0000aaaa-0000-0000-0000-000000000001', 101, 1, 0, '00000000:1A:00.0', '1650123000001', false, 87,
        61000, 20559, 612, 64, 71, 123456789, '2026-11-21T12:00:00Z', 'HEALTHY', NULL, '2026-11-21T11:00:00Z',
        '2026-11-21T12:00:00Z'),
       (1002, 'GPU-0000aaaa-0000-0000-0000-000000000002', 101, 1, 1, '00000000:1B:00.0', '1650123000002', false, 12,
        30000, 51559, 250, 58, 60, 98765432, '2026-11-21T12:00:00Z', 'FAILED', 'gemm_bf16 at 61% of the baseline',
        '2026-11-21T11:00:00Z', '2026-11-21T12:00:00Z'),
       (1003, 'GPU-0000aaaa-0000-0000-0000-000000000003', 102, 1, 0, '00000000:1A:00.0', '1650123000003', true, NULL,
        20000, 61559, 300, 50, 55, 5555555, '2026-11-21T12:00:00Z', 'HEALTHY', NULL, '2026-11-20T11:00:00Z',
        '2026-11-21T12:00:00Z'),
       (1004, 'AMD-692409005408', 103, 3, 0, '0000:05:00.0', '692409005408', true, NULL, 8000, 188592, 700, 55, 60,
        77777777, '2026-11-21T12:00:00Z', 'UNKNOWN', NULL, NULL, '2026-11-21T12:00:00Z'),
       (2001, 'GPU-0000bbbb-0000-0000-0000-000000000001', 201, 2, 0, '00000000:07:00.0', '1320123000001', false, 95,
        70000, 11920, 380, 70, 75, 4444444, '2026-11-21T12:00:00Z', 'UNKNOWN', NULL, NULL, '2026-11-21T12:00:00Z');

INSERT INTO research_project (id, cluster_id, namespace, title, description, gpus_requested, mig_requested,
                              restarting_pods, vllm_detected, flags_at, last_seen_at)
VALUES (501, 10, 'nlp-001', 'Multilingual language models', 'Pre-training and evaluation.', 2,
        '{"nvidia_com_mig_1g_10gb": 1}', 1, true, '2026-11-21T12:00:00Z', '2026-11-21T12:00:00Z'),
       (502, 10, 'vision-002', 'Vision transformers', NULL, 0, '{"nvidia_com_mig_1g_10gb": 1}', 0, false,
        '2026-11-21T12:00:00Z', '2026-11-21T12:00:00Z'),
       (503, 20, 'nlp-001', 'Speech and text on cluster-02', NULL, 1, '{}', 0, false, '2026-11-21T12:00:00Z',
        '2026-11-21T12:00:00Z');
-- Who they are, as their namespaces' annotations say (V21); 502's namespace says nothing of its institution.
UPDATE research_project SET pi = 'ada@bu.edu', institution = 'Boston University', allocation_id = 'ALLOC-77',
                            allocation_project_id = '1001', field_of_science = 'Computer and information sciences'
WHERE id = 501;
UPDATE research_project SET pi = 'grace@harvard.edu' WHERE id = 502;
-- 503's PI is as ColdFront's REST API says it (V24).
UPDATE research_project SET pi = 'ada@bu.edu', institution = 'Boston University', metadata_source = 'COLDFRONT'
WHERE id = 503;

INSERT INTO gpu_slice (id, device_id, gpu_instance_id, profile, engine_active, memory_used_mib, memory_free_mib,
                       project_id, pod, container, readings_at, last_seen_at)
VALUES (3001, 1003, 1, '1g.10gb', 0.42, 6000, 3700, 501, 'nlp-notebook-0', 'notebook', '2026-11-21T12:00:00Z',
        '2026-11-21T12:00:00Z'),
       (3002, 1003, 2, '1g.10gb', 0.91, 9000, 700, 502, 'vision-train-0', 'trainer', '2026-11-21T12:00:00Z',
        '2026-11-21T12:00:00Z');
-- The AMD GPU in CPX mode (V25: its vendor is read from its id): eight partitions, the first the own project's, the
-- second another project's, the rest free.
INSERT INTO gpu_slice (id, device_id, gpu_instance_id, profile, engine_active, memory_used_mib, memory_free_mib,
                       project_id, pod, container, readings_at, last_seen_at)
SELECT 3101 + p, 1004, p, 'cpx/nps4', 0.1 * (p + 1), 1000, 23574, CASE p WHEN 0 THEN 501 WHEN 1 THEN 502 END,
       CASE p WHEN 0 THEN 'nlp-rocm-0' WHEN 1 THEN 'vision-rocm-0' END, CASE WHEN p < 2 THEN 'trainer' END,
       '2026-11-21T12:00:00Z', '2026-11-21T12:00:00Z'
FROM generate_series(0, 7) AS p;

INSERT INTO usage_session (id, fingerprint, starts_at, ends_at, state, close_reason, alert_name, labels, cluster_name,
                           node_name, gpu_uuid, gpu_instance_id, namespace, pod, container, device_id, slice_id,
                           project_id, trace_id, span_id, trace_url, gpu_model, gpu_index, mig_profile,
                           utilization_avg, energy_joules, gpu_seconds, export_state)
VALUES (7001, 'f0000000000000001', '2026-11-21T08:00:00Z', NULL, 'OPEN', NULL, 'GpuInUse', '{}', 'cluster-01',
        'worker-gpu-0001', 'GPU-0000aaaa-0000-0000-0000-000000000001', NULL, 'nlp-001', 'nlp-train-worker-0',
        'trainer', 1001, NULL, 501, '0af7651916cd43dd8448eb211c80319c', 'b7ad6b7169203331', NULL,
        'NVIDIA H100 80GB HBM3', 0, NULL, NULL, NULL, NULL, 'NOT_READY'),
       (7002, 'f0000000000000002', '2026-11-21T08:00:00Z', NULL, 'OPEN', NULL, 'GpuInUse', '{}', 'cluster-01',
        'worker-gpu-0001', 'GPU-0000aaaa-0000-0000-0000-000000000002', NULL, 'nlp-001', 'nlp-train-worker-1',
        'trainer', 1002, NULL, 501, '1af7651916cd43dd8448eb211c80319c', 'c7ad6b7169203331', NULL,
        'NVIDIA H100 80GB HBM3', 1, NULL, NULL, NULL, NULL, 'NOT_READY'),
       (7003, 'f0000000000000003', '2026-11-21T09:00:00Z', NULL, 'OPEN', NULL, 'GpuInUse', '{}', 'cluster-02',
        'worker-gpu-0001', 'GPU-0000bbbb-0000-0000-0000-000000000001', NULL, 'nlp-001', 'nlp-train-worker-0',
        'trainer', 2001, NULL, 503, '2af7651916cd43dd8448eb211c80319c', 'd7ad6b7169203331', NULL,
        'NVIDIA A100-SXM4-80GB', 0, NULL, NULL, NULL, NULL, 'NOT_READY'),
       (7004, 'f0000000000000004', '2026-11-20T09:00:00Z', '2026-11-20T13:00:00Z', 'FINAL', 'RESOLVED', 'GpuInUse',
        '{}', 'cluster-01', 'worker-gpu-0002', 'GPU-0000aaaa-0000-0000-0000-000000000003', 2, 'vision-002',
        'vision-train-0', 'trainer', 1003, 3002, 502, '3af7651916cd43dd8448eb211c80319c', 'e7ad6b7169203331',
        'https://tempo.example/trace/3af7651916cd43dd8448eb211c80319c', 'NVIDIA H100 80GB HBM3', 0, '1g.10gb', 88.5,
        3600000, 14400, 'EXPORTED'),
       (7005, 'f0000000000000005', '2026-11-19T09:00:00Z', '2026-11-19T10:30:00Z', 'FINAL', 'RESOLVED', 'GpuInUse',
        '{}', 'cluster-01', 'worker-gpu-0001', 'GPU-0000aaaa-0000-0000-0000-000000000001', NULL, 'nlp-001',
        'nlp-eval-0', 'evaluator', 1001, NULL, 501, '4af7651916cd43dd8448eb211c80319c', 'f7ad6b7169203331',
        'https://tempo.example/trace/4af7651916cd43dd8448eb211c80319c', 'NVIDIA H100 80GB HBM3', 0, NULL, 55.0,
        1800000, 5400, 'EXPORTED');

-- Two GPUs for 48 hours, half used, on 2026-11-20 and -21; a little for the other project.
INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated, gpu_seconds_used,
                          idle_gpu_seconds, utilization_avg, energy_joules, cost)
SELECT 'PROJECT', 501, hour, 10, 7200, 3600, 1800, 50, 2 * 450 * 3600, 5.00
FROM generate_series('2026-11-20T00:00:00Z'::timestamptz, '2026-11-21T23:00:00Z', interval '1 hour') AS hour;
INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated, gpu_seconds_used,
                          idle_gpu_seconds, utilization_avg, energy_joules, cost)
SELECT 'PROJECT', 502, hour, 10, 3600, 3000, 0, 83.3, 300 * 3600, 2.50
FROM generate_series('2026-11-20T00:00:00Z'::timestamptz, '2026-11-20T05:00:00Z', interval '1 hour') AS hour;
-- Their daily rows, as the worker keeps them; and two days of project 501 in October whose hourly rows retention
-- has dropped (48 GPU-hours, half used, a quarter idle, 21.6 kWh, 120.00 a day).
SELECT refresh_usage_rollup_daily(day::date, NULL, NULL)
FROM generate_series('2026-11-20'::date, '2026-11-21', interval '1 day') AS day;
SELECT ensure_month_partition('usage_rollup_daily', '2026-10-01T00:00:00Z');
INSERT INTO usage_rollup_daily (entity_kind, entity_id, day, cluster_id, hours, gpu_seconds_allocated,
                                gpu_seconds_used, idle_gpu_seconds, utilization_avg, energy_joules, cost,
                                usage_basis_cost)
VALUES ('PROJECT', 501, '2026-10-01', 10, 24, 172800, 86400, 43200, 50, 2 * 450 * 86400, 120.00, 60.00),
       ('PROJECT', 501, '2026-10-02', 10, 24, 172800, 86400, 43200, 50, 2 * 450 * 86400, 120.00, 60.00);

INSERT INTO health_check_request (id, requested_by, cluster_id, target_kind, node_name, namespace, pod_names, tests,
                                  state, created_at, updated_at)
VALUES ('9d1e2f30-0000-4000-8000-000000000001', 'ada', 10, 'JOB', NULL, 'nlp-001',
        '{"nlp-train-worker-0","nlp-train-worker-1"}', '{}', 'SUCCEEDED', '2026-11-21T10:00:00Z', '2026-11-21T11:00:00Z'),
       ('9d1e2f30-0000-4000-8000-000000000002', 'someone-else', 10, 'PROJECT', NULL, 'vision-002', '{}',
        '{"gemm_bf16"}', 'PENDING', '2026-11-21T10:30:00Z', '2026-11-21T10:30:00Z');

INSERT INTO probe_run (id, run_id, node_id, hostname, request_id, schema_version, probe_version, started_at, finished_at,
                       received_at, exit_code, verdict, report)
VALUES (801, '5c0f1a2e-0000-4000-8000-000000000001', 101, 'worker-gpu-0001', '9d1e2f30-0000-4000-8000-000000000001',
        '1', '0.1.0', '2026-11-21T10:58:00Z', '2026-11-21T11:00:00Z', '2026-11-21T11:00:02Z', 1, 'FAILED', '{}'),
       (802, '5c0f1a2e-0000-4000-8000-000000000002', 102, 'worker-gpu-0002', NULL, '1', '0.1.0',
        '2026-11-20T10:58:00Z', '2026-11-20T11:00:00Z', '2026-11-20T11:00:02Z', 0, 'HEALTHY', '{}');
INSERT INTO probe_result (probe_run_id, gpu_uuid, device_id, verdict, reasons, tests)
VALUES (801, 'GPU-0000aaaa-0000-0000-0000-000000000001', 1001, 'HEALTHY', '{}',
        '{"gemm_bf16": {"status": "passed", "value": 790.1, "unit": "TFLOP/s", "baseline": 794, "ratio": 0.995}}'),
       (801, 'GPU-0000aaaa-0000-0000-0000-000000000002', 1002, 'FAILED', '{"gemm_bf16 at 61% of the baseline"}',
        '{"gemm_bf16": {"status": "failed", "value": 484.3, "unit": "TFLOP/s", "baseline": 794, "ratio": 0.61}}'),
       (802, 'GPU-0000aaaa-0000-0000-0000-000000000003', 1003, 'HEALTHY', '{}',
        '{"gemm_bf16": {"status": "passed", "value": 801.0, "unit": "TFLOP/s", "baseline": 794, "ratio": 1.009}}');

-- Rows the tests create get ids well above the fixture's.
SELECT setval(pg_get_serial_sequence(t, 'id'), 100000) FROM unnest(ARRAY['metric_source', 'ai_cluster', 'ai_node', 'gpu',
  'gpu_precision', 'gpu_device', 'research_project', 'gpu_slice', 'usage_session', 'usage_rollup', 'probe_run',
  'probe_result']) AS t;
