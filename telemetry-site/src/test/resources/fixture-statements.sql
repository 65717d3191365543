-- What the statement tests add to fixture.sql (ids 6000–6999; see StatementFixture.java). The worker makes these
-- rows; here they are written as it would, with HTML and CSV that a test can recognise.

-- The active price sheet, in another currency than the site's configured fallback (EUR): pages and the API show it.
INSERT INTO price_sheet (id, source, currency, active) VALUES (6000, 'statement-fixture.csv', 'CHF', true);

INSERT INTO statement (id, subject_kind, subject_key, period_kind, period_start, period_end, project_id, cluster_name,
                       namespace, title, currency, allocated_gpu_hours, used_gpu_hours, idle_gpu_hours, energy_kwh,
                       cost_allocation_basis, cost_usage_basis, health_credit, html, csv, generated_at)
VALUES
  -- The test clients' own project, a month and a week.
  (6001, 'PROJECT', 'cluster-01/nlp-001', 'MONTH', '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', 501, 'cluster-01',
   'nlp-001', 'nlp-001 — October 2026', 'CHF', 1440, 1008, 216, 504.5, 3600.0000, 2520.0000, 12.5000,
   '<!doctype html><html><head><style>td{padding:2px}</style></head><body><h1>nlp-001 — October 2026</h1></body></html>',
   'metric,value
gpu_hours_allocated,1440
', '2026-11-01T02:00:00Z'),
  (6002, 'PROJECT', 'cluster-01/nlp-001', 'WEEK', '2026-11-16T00:00:00Z', '2026-11-23T00:00:00Z', 501, 'cluster-01',
   'nlp-001', 'nlp-001 — week 47', 'CHF', 336, 200, 100, 120, 840.0000, 500.0000, 0, '<p>week 47</p>', 'metric,value
', '2026-11-23T02:00:00Z'),
  -- Another project on the same cluster, and the twin namespace on cluster-02: neither is the test clients'.
  (6003, 'PROJECT', 'cluster-01/vision-002', 'MONTH', '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', 502,
   'cluster-01', 'vision-002', 'vision-002 — October 2026', 'CHF', 10, 5, 5, 3, 25.0000, 12.5000, 0,
   '<p>vision-002</p>', 'metric,value
', '2026-11-01T02:00:00Z'),
  (6004, 'PROJECT', 'cluster-02/nlp-001', 'MONTH', '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', 503,
   'cluster-02', 'nlp-001', 'cluster-02 nlp-001 — October 2026', 'CHF', 10, 5, 5, 3, 25.0000, 12.5000, 0,
   '<p>twin</p>', 'metric,value
', '2026-11-01T02:00:00Z'),
  -- A statement of the own namespace whose project row is gone (deleted since): members still see it.
  (6005, 'PROJECT', 'cluster-01/nlp-001', 'MONTH', '2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z', 499, 'cluster-01',
   'nlp-001', 'nlp-001 — September 2026', 'CHF', 700, 500, 100, 250, 1750.0000, 1250.0000, 0, '<p>september</p>',
   'metric,value
', '2026-10-01T02:00:00Z'),
  -- Managers' statements: the test manager's (its token's e-mail, in another case), Grace's, and a stranger's.
  (6006, 'MANAGER', 'test-manager@example.org', 'MONTH', '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', NULL, NULL,
   NULL, 'Your projects — October 2026', 'CHF', 1450, 1013, 221, 507.5, 3625.0000, 2532.5000, 12.5000,
   '<p>manager</p>', 'project,cost
', '2026-11-01T02:00:00Z'),
  (6007, 'MANAGER', 'grace@example.org', 'MONTH', '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', NULL, NULL, NULL,
   'Grace''s projects — October 2026', 'CHF', 1450, 1013, 221, 507.5, 3625.0000, 2532.5000, 0, '<p>grace</p>',
   'project,cost
', '2026-11-01T02:00:00Z'),
  (6008, 'MANAGER', 'someone-else@example.org', 'MONTH', '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', NULL, NULL,
   NULL, 'Someone''s projects — October 2026', 'CHF', 1, 1, 0, 1, 2.0000, 2.0000, 0, '<p>else</p>', 'project,cost
', '2026-11-01T02:00:00Z'),
  -- The fleet's: admins only.
  (6009, 'FLEET', 'fleet', 'MONTH', '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', NULL, NULL, NULL,
   'Fleet — October 2026', 'CHF', 1460, 1018, 226, 510.5, 3650.0000, 2545.0000, 12.5000,
   '<!doctype html><title>Fleet</title><p>fleet</p>', 'project,cost
', '2026-11-01T02:00:00Z');
