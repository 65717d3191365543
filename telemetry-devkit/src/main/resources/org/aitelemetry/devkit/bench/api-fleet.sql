-- The API benchmark's fleet (ApiFleetSeeder): set-based, deterministic, one statement per table. The scale is the one
-- row of the temporary table seed_scale; anchor is the current hour, so the latest rollups and sessions are recent.
-- Node and cluster numbers come back from the names (right(name, 4), right(name, 2)), so nothing depends on ids.

INSERT INTO metric_source (name, url, auth_mode, cluster_label, last_sync_at, sync_status)
SELECT 'prometheus-cluster-' || to_char(c, 'FM00'), 'http://prometheus.cluster-' || to_char(c, 'FM00') || '.example:9090',
       'NONE', 'cluster', k.anchor, 'OK'
FROM seed_scale k CROSS JOIN generate_series(1, k.clusters) c
ORDER BY c;

INSERT INTO ai_cluster (source_id, name, node_count, gpu_count, slice_count, gpu_models, last_sync_at, sync_status,
                        last_seen_at)
SELECT s.id, substr(s.name, length('prometheus-') + 1), k.nodes, k.nodes * k.gpus, k.mig_nodes * k.gpus * 5,
       ARRAY['NVIDIA A100-SXM4-80GB', 'NVIDIA H100 80GB HBM3'], k.anchor, 'OK', k.anchor
FROM seed_scale k CROSS JOIN metric_source s
ORDER BY s.name;

-- Two SKUs of the catalogue (telemetry-model catalogue/gpu-skus.csv), with their precisions.
INSERT INTO gpu (product_name, architecture, memory_mib, memory_bandwidth_gbps, tdp_watts, catalogued) VALUES
  ('NVIDIA H100 80GB HBM3', 'Hopper', 81559, 3350, 700, true),
  ('NVIDIA A100-SXM4-80GB', 'Ampere', 81920, 2039, 400, true);

INSERT INTO gpu_precision (gpu_id, precision, peak_tflops, achievable_tflops)
SELECT g.id, p.precision, p.peak, p.achievable
FROM (VALUES ('NVIDIA H100 80GB HBM3', 'FP64', 67.0, NULL), ('NVIDIA H100 80GB HBM3', 'FP32', 67.0, NULL),
             ('NVIDIA H100 80GB HBM3', 'TF32', 494.7, NULL), ('NVIDIA H100 80GB HBM3', 'BF16', 989.4, 794.0),
             ('NVIDIA H100 80GB HBM3', 'FP16', 989.4, NULL), ('NVIDIA H100 80GB HBM3', 'FP8', 1978.9, NULL),
             ('NVIDIA A100-SXM4-80GB', 'FP64', 19.5, NULL), ('NVIDIA A100-SXM4-80GB', 'FP32', 19.5, NULL),
             ('NVIDIA A100-SXM4-80GB', 'TF32', 156.0, NULL), ('NVIDIA A100-SXM4-80GB', 'BF16', 312.0, NULL),
             ('NVIDIA A100-SXM4-80GB', 'FP16', 312.0, NULL)) AS p (product, precision, peak, achievable)
JOIN gpu g ON g.product_name = p.product;

-- The first a100_nodes nodes of a cluster carry A100s, the first mig_nodes of them in MIG mode; the rest H100s.
INSERT INTO ai_node (cluster_id, name, gpu_count, gpu_product, driver_version, cuda_version, kernel_version, os_image,
                     labels, health, health_reason, health_at, last_seen_at)
SELECT c.id, 'worker-gpu-' || to_char(n, 'FM0000'), k.gpus, m.product, '550.127.08', '12.4', '5.15.0-119-generic',
       'Ubuntu 22.04.4 LTS',
       jsonb_build_object('nvidia.com/gpu.product', m.product, 'nvidia.com/mig.capable', n <= k.mig_nodes,
                          'topology.kubernetes.io/zone', 'zone-' || n % 3),
       h.health, CASE WHEN h.health IN ('DEGRADED', 'FAILED') THEN 'gpu-probe: a GPU of the node is ' || lower(h.health) END,
       CASE WHEN h.health <> 'UNKNOWN' THEN k.anchor END, k.anchor
FROM seed_scale k CROSS JOIN ai_cluster c CROSS JOIN generate_series(1, k.nodes) n
CROSS JOIN LATERAL (SELECT CASE WHEN n <= k.a100_nodes THEN 'NVIDIA A100-SXM4-80GB' ELSE 'NVIDIA H100 80GB HBM3' END
                    AS product) m
CROSS JOIN LATERAL (SELECT CASE WHEN n % 97 = 13 THEN 'FAILED' WHEN n % 23 = 5 THEN 'DEGRADED'
                                WHEN n % 50 = 24 THEN 'UNKNOWN' ELSE 'HEALTHY' END AS health) h
ORDER BY c.name, n;

-- UUIDs are an MD5 of cluster/node/index: the same GPU-… every run. seq numbers the fleet's GPUs from 0.
INSERT INTO gpu_device (uuid, node_id, gpu_id, gpu_index, pci_bus_id, serial, mig_enabled, utilization_percent,
                        memory_used_mib, memory_free_mib, power_watts, temperature_celsius,
                        memory_temperature_celsius, energy_joules, readings_at, health, health_reason, health_at,
                        last_seen_at)
SELECT 'GPU-' || md5(c.name || '/' || n.name || '/' || i)::uuid, n.id, g.id, i,
       '00000000:' || upper(to_hex(24 + 16 * i)) || ':00.0', '1654' || to_char(s.seq, 'FM000000000'),
       right(n.name, 4)::int <= k.mig_nodes, u.util, g.memory_mib * u.util / 100, g.memory_mib * (1 - u.util / 100),
       60 + g.tdp_watts * u.util / 110, 30 + u.util / 2, 35 + u.util / 2, 1e9 + s.seq * 1e4, k.anchor,
       h.health, CASE h.health WHEN 'FAILED' THEN 'Xid 79: the GPU has fallen off the bus'
                               WHEN 'DEGRADED' THEN 'bf16 GEMM at 81 % of the achievable figure' END,
       CASE WHEN h.health <> 'UNKNOWN' THEN k.anchor END, k.anchor
FROM seed_scale k CROSS JOIN ai_cluster c JOIN ai_node n ON n.cluster_id = c.id
JOIN gpu g ON g.product_name = n.gpu_product CROSS JOIN generate_series(0, k.gpus - 1) i
CROSS JOIN LATERAL (SELECT ((right(c.name, 2)::int - 1) * k.nodes + right(n.name, 4)::int - 1) * k.gpus + i AS seq) s
CROSS JOIN LATERAL (SELECT (s.seq * 37 % 101)::double precision AS util) u
CROSS JOIN LATERAL (SELECT CASE WHEN n.health = 'FAILED' AND i = 0 THEN 'FAILED'
                                WHEN n.health = 'DEGRADED' AND i < 2 THEN 'DEGRADED'
                                WHEN s.seq % 61 = 0 THEN 'DEGRADED'
                                WHEN n.health = 'UNKNOWN' THEN 'UNKNOWN' ELSE 'HEALTHY' END AS health) h
ORDER BY s.seq;

-- Namespaces as the fleet simulator names them (FleetProject.namespace): nlp-001, vision-002, …
INSERT INTO research_project (cluster_id, namespace, title, description, active, gpus_requested, mig_requested,
                              vllm_detected, flags_at, last_seen_at)
SELECT c.id, ns.namespace, initcap(split_part(ns.namespace, '-', 1)) || ' research ' || split_part(ns.namespace, '-', 2),
       'Seeded by the API benchmark.', p % 10 <> 0, p % 8 + 1,
       CASE WHEN p % 5 = 0 THEN '{"nvidia.com/mig-1g.10gb": 2}' ELSE '{}' END::jsonb, p % 7 = 0, k.anchor, k.anchor
FROM seed_scale k CROSS JOIN ai_cluster c CROSS JOIN unnest(k.namespaces) WITH ORDINALITY AS ns (namespace, p)
ORDER BY c.name, p;

-- Five slices per MIG GPU (2g.20gb ×2 + 1g.10gb ×3 = 7 of an A100's 7 slots); nine in ten serve a project's pod.
INSERT INTO gpu_slice (device_id, gpu_instance_id, profile, engine_active, memory_used_mib, memory_free_mib, project_id,
                       pod, container, readings_at, last_seen_at)
SELECT d.id, l.gpu_instance_id, l.profile, e.engine, l.memory_mib * e.engine, l.memory_mib * (1 - e.engine), p.id,
       CASE WHEN p.id IS NOT NULL THEN p.namespace || '-train-' || s.seq || '-0' END,
       CASE WHEN p.id IS NOT NULL THEN 'trainer' END, k.anchor, k.anchor
FROM seed_scale k JOIN ai_node n ON right(n.name, 4)::int <= k.mig_nodes JOIN gpu_device d ON d.node_id = n.id
CROSS JOIN (VALUES (1, 3, '2g.20gb', 20096), (2, 4, '2g.20gb', 20096), (3, 11, '1g.10gb', 9856),
                   (4, 12, '1g.10gb', 9856), (5, 13, '1g.10gb', 9856)) AS l (slot, gpu_instance_id, profile, memory_mib)
CROSS JOIN LATERAL (SELECT ((right(n.name, 4)::int - 1) * k.gpus + d.gpu_index) * 5 + l.slot - 1 AS seq) s
LEFT JOIN research_project p ON p.cluster_id = n.cluster_id AND s.seq % 10 <> 9
                            AND p.namespace = k.namespaces[s.seq % cardinality(k.namespaces) + 1]
CROSS JOIN LATERAL (SELECT CASE WHEN p.id IS NULL THEN 0 ELSE (s.seq * 37 % 100) / 100.0 END AS engine) e
ORDER BY d.id, l.slot;

-- The joins below look rows up by node and GPU: without statistics the planner takes the fresh tables for empty.
ANALYZE ai_cluster, ai_node, gpu_device, research_project;

-- sessions per project, one every 7 hours back from the anchor; the newest twentieth still OPEN, the rest FINAL.
-- A project's number is its namespace's (nlp-001 is 1): array_position over the namespaces made seeding quadratic
-- in the projects (200 s of the 5,000 projects' 500,000 sessions, 10 s without).
INSERT INTO usage_session (fingerprint, starts_at, ends_at, state, close_reason, alert_name, labels, cluster_name,
                           node_name, gpu_uuid, namespace, pod, container, device_id, project_id, trace_id, span_id,
                           utilization_avg, energy_joules, gpu_seconds, export_state, exported_at, last_seen_at,
                           gpu_model, gpu_index, created_at, updated_at)
SELECT substr(md5(key.text), 1, 16), t.starts_at, t.ends_at, CASE WHEN w.open THEN 'OPEN' ELSE 'FINAL' END,
       CASE WHEN NOT w.open THEN 'RESOLVED' END, 'GpuInUse',
       jsonb_build_object('alertname', 'GpuInUse', 'cluster', c.name, 'Hostname', n.name, 'UUID', d.uuid,
                          'gpu', d.gpu_index::text, 'modelName', n.gpu_product, 'namespace', p.namespace,
                          'pod', w.pod, 'container', 'trainer'),
       c.name, n.name, d.uuid, p.namespace, w.pod, 'trainer', d.id, p.id, md5('trace/' || key.text),
       substr(md5('span/' || key.text), 1, 16), (s * 37 % 100) / 100.0,
       extract(epoch FROM coalesce(t.ends_at, k.anchor) - t.starts_at) * 300,
       extract(epoch FROM coalesce(t.ends_at, k.anchor) - t.starts_at),
       CASE WHEN w.open THEN 'NOT_READY' ELSE 'EXPORTED' END, t.ends_at + interval '5 seconds',
       coalesce(t.ends_at, k.anchor), n.gpu_product, d.gpu_index, t.starts_at, coalesce(t.ends_at, t.starts_at)
FROM seed_scale k CROSS JOIN research_project p JOIN ai_cluster c ON c.id = p.cluster_id
CROSS JOIN generate_series(1, k.sessions) s
CROSS JOIN LATERAL (SELECT c.name || '/' || p.namespace || '/' || s AS text,
                           split_part(p.namespace, '-', 2)::int AS project_number) key
CROSS JOIN LATERAL (SELECT 'worker-gpu-' || to_char((key.project_number * 7 + s * 13) % k.nodes + 1, 'FM0000') AS node,
                           s % k.gpus AS gpu_index, s <= greatest(1, k.sessions / 20) AS open,
                           p.namespace || '-job-' || s || '-0' AS pod) w
JOIN ai_node n ON n.cluster_id = c.id AND n.name = w.node
JOIN gpu_device d ON d.node_id = n.id AND d.gpu_index = w.gpu_index
CROSS JOIN LATERAL (SELECT k.anchor - s * interval '7 hours' - key.project_number * interval '1 minute' AS starts_at) b
CROSS JOIN LATERAL (SELECT b.starts_at,
                           CASE WHEN NOT w.open THEN b.starts_at + (s % 6 + 1) * interval '1 hour' END AS ends_at) t;

-- Each project's newest session holds a GPU it leaves idle (2 % utilization): the project page's "idle GPUs held".
UPDATE gpu_device d SET utilization_percent = 2
FROM usage_session s WHERE s.device_id = d.id AND s.state = 'OPEN' AND s.pod = s.namespace || '-job-1-0';

-- One PROJECT rollup per project and hour of the last rollup_hours hours.
INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated, gpu_seconds_used,
                          idle_gpu_seconds, utilization_avg, energy_joules, cost, computed_at)
SELECT 'PROJECT', p.id, k.anchor - h * interval '1 hour', p.cluster_id, a.allocated, a.allocated * u.util,
       CASE WHEN u.util < 0.05 THEN a.allocated ELSE 0 END, u.util, a.allocated * u.util * 400,
       round((a.allocated / 3600 * 2.5)::numeric, 4), k.anchor
FROM seed_scale k CROSS JOIN research_project p CROSS JOIN generate_series(1, k.rollup_hours) h
CROSS JOIN LATERAL (SELECT p.gpus_requested * 3600 AS allocated) a
CROSS JOIN LATERAL (SELECT ((p.id * 37 + h * 11) % 100) / 100.0 AS util) u;

-- Two gpu-probe runs on every probe_every-th node and on every node with a verdict; the older one was healthy.
INSERT INTO probe_run (run_id, node_id, hostname, schema_version, probe_version, started_at, finished_at, received_at,
                       exit_code, verdict, report)
SELECT md5('probe-run/' || c.name || '/' || n.name || '/' || r)::uuid, n.id, n.name, '1.0', '0.1.0', t.started_at,
       t.started_at + interval '48 seconds', t.started_at + interval '50 seconds',
       CASE WHEN v.verdict = 'HEALTHY' THEN 0 ELSE 1 END, v.verdict,
       jsonb_build_object('hostname', n.name, 'verdict', v.verdict, 'gpus', n.gpu_count)
FROM seed_scale k JOIN ai_node n ON right(n.name, 4)::int % k.probe_every = 1 OR n.health IN ('DEGRADED', 'FAILED')
JOIN ai_cluster c ON c.id = n.cluster_id CROSS JOIN generate_series(1, 2) r
CROSS JOIN LATERAL (SELECT k.anchor - r * interval '6 hours' + right(n.name, 4)::int * interval '1 minute'
                    AS started_at) t
CROSS JOIN LATERAL (SELECT CASE WHEN r = 2 OR n.health = 'UNKNOWN' THEN 'HEALTHY' ELSE n.health END AS verdict) v
ORDER BY c.name, n.name, r;

INSERT INTO probe_result (probe_run_id, gpu_uuid, device_id, verdict, reasons, tests)
SELECT r.id, d.uuid, d.id, v.verdict,
       CASE WHEN v.verdict = 'HEALTHY' THEN '{}'::varchar[] ELSE ARRAY[d.health_reason] END,
       jsonb_build_object('gemm_bf16', jsonb_build_object('status', CASE WHEN v.verdict = 'HEALTHY' THEN 'passed'
                                                                        ELSE 'failed' END))
FROM probe_run r JOIN gpu_device d ON d.node_id = r.node_id
CROSS JOIN LATERAL (SELECT CASE WHEN r.verdict <> 'HEALTHY' AND d.health IN ('DEGRADED', 'FAILED') THEN d.health
                                ELSE 'HEALTHY' END AS verdict) v
ORDER BY r.id, d.gpu_index;
