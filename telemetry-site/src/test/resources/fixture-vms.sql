-- What the virtual machine tests add to fixture.sql (ids 8000–8999; see VmFixture.java): KubeVirt VMs with GPUs passed
-- through, as the worker syncs them, and their allocation-based hours.

-- Two VMs of the test clients' project (one that KubeVirt's metrics name fully, one whose GPUs the catalogue does not
-- know), one of another project on the same cluster, and one of the twin namespace on cluster-02 that is gone.
INSERT INTO virtual_machine (id, cluster_id, project_id, name, launcher_pod, node_name, gpu_resource, gpu_model, gpus,
                             phase, guest_os, instance_type, state, first_seen_at, last_seen_at, missed_cycles)
VALUES (8001, 10, 501, 'nlp-jupyter-vm', 'virt-launcher-nlp-jupyter-vm-x7k2p', 'worker-gpu-0001',
        'nvidia.com/GH100_H100_SXM5_80GB', 'NVIDIA H100 80GB HBM3', 2, 'running', 'rhel', 'u1.2xlarge', 'PRESENT',
        '2026-11-01T08:00:00Z', '2026-11-21T12:00:00Z', 0),
       (8002, 10, 501, 'nlp-a10-vm', 'virt-launcher-nlp-a10-vm-q9w4z', NULL, 'nvidia.com/GA102GL_A10', 'GA102GL_A10', 1,
        'Scheduling', NULL, NULL, 'PRESENT', '2026-11-21T11:00:00Z', '2026-11-21T12:00:00Z', 0),
       (8003, 10, 502, 'vision-win-vm', 'virt-launcher-vision-win-vm-h2m8d', 'worker-gpu-0002',
        'nvidia.com/GH100_H100_SXM5_80GB', 'NVIDIA H100 80GB HBM3', 1, NULL, NULL, NULL, 'PRESENT',
        '2026-11-10T00:00:00Z', '2026-11-21T12:00:00Z', 0),
       (8004, 20, 503, 'nlp-batch-vm', 'virt-launcher-nlp-batch-vm-c5t6v', 'worker-gpu-0001',
        'nvidia.com/GA100_A100_SXM4_80GB', 'NVIDIA A100-SXM4-80GB', 2, 'succeeded', 'ubuntu', NULL, 'MISSING',
        '2026-10-05T00:00:00Z', '2026-11-10T02:00:00Z', 3);

-- The VMs' own hourly rows, relative to now so the last 30 days hold them: nlp-jupyter-vm's 2 GPUs for the last three
-- hours (6 GPU-hours, 8.00 an hour) and for an hour 40 days ago, which the 30 days leave out; vision-win-vm's GPU for
-- one hour.
INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated, gpu_seconds_used,
                          idle_gpu_seconds, utilization_avg, energy_joules, cost, unmetered_gpu_seconds)
SELECT 'VM', 8001, hour, 10, 7200, 0, 0, NULL::double precision, 0, 8.00, 7200
FROM generate_series(date_trunc('hour', now()) - interval '3 hours', date_trunc('hour', now()) - interval '1 hour',
                     interval '1 hour') AS hour
UNION ALL
SELECT 'VM', 8001, date_trunc('hour', now()) - interval '40 days', 10, 7200, 0, 0, NULL, 0, 8.00, 7200
UNION ALL
SELECT 'VM', 8003, date_trunc('hour', now()) - interval '2 hours', 10, 3600, 0, 0, NULL, 0, 4.00, 3600;

-- cluster-02/nlp-001 on 2026-11-10: at 00:00 a GPU of a pod (80 % busy) beside nlp-batch-vm's two GPUs, at 01:00
-- two GPUs of pods (50 % busy) alone. Utilization is over the metered seconds (the pods'), as the worker writes it:
-- 60 % over both hours, not the 68 % that weighting by all allocated seconds would give.
INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated, gpu_seconds_used,
                          idle_gpu_seconds, utilization_avg, energy_joules, cost, unmetered_gpu_seconds)
VALUES ('PROJECT', 503, '2026-11-10T00:00:00Z', 20, 10800, 2880, 0, 80, 400 * 3600, 7.50, 7200),
       ('PROJECT', 503, '2026-11-10T01:00:00Z', 20, 7200, 3600, 1800, 50, 2 * 350 * 3600, 3.00, 0);
-- Its day in October whose hourly rows are gone: 24 hours as at 00:00 above (72 GPU-hours, 48 of them the VM's).
INSERT INTO usage_rollup_daily (entity_kind, entity_id, day, cluster_id, hours, gpu_seconds_allocated,
                                gpu_seconds_used, idle_gpu_seconds, utilization_avg, energy_joules, cost,
                                usage_basis_cost, unmetered_gpu_seconds)
VALUES ('PROJECT', 503, '2026-10-05', 20, 24, 259200, 69120, 0, 80, 400 * 86400, 180.00, 36.00, 172800);

SELECT setval(pg_get_serial_sequence('virtual_machine', 'id'), 100000);
