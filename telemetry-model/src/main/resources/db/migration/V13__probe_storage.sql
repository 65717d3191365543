-- Probe ingest storage (issue 16, ingest rate): each GPU's tests are stored once, in probe_result.tests, as received.
-- Parsing them into jsonb was the ingest's largest PostgreSQL cost (jsonb turns every number into numeric) and nothing
-- queries inside them but the fleet baseline, which now reads the narrow `figures` instead: the throughput figures the
-- fleet compares ({test key: value}), written by the worker at ingest. probe_run.report no longer repeats the GPUs'
-- tests (rows stored before keep them).
ALTER TABLE probe_result ADD COLUMN figures jsonb NOT NULL DEFAULT '{}';

UPDATE probe_result r SET figures = f.figures
FROM (SELECT r2.id, jsonb_object_agg(t.key, (t.value ->> 'value')::float8) AS figures
      FROM probe_result r2 CROSS JOIN LATERAL jsonb_each(r2.tests) AS t
      WHERE (t.key LIKE 'gemm\_%' OR t.key LIKE '%\_bandwidth')
        AND t.value ->> 'status' IN ('passed', 'waived', 'degraded')
        AND jsonb_typeof(t.value -> 'value') = 'number' AND (t.value ->> 'value')::float8 > 0
      GROUP BY r2.id) AS f
WHERE f.id = r.id;

ALTER TABLE probe_result ALTER COLUMN tests TYPE json USING tests::json;
