-- The sibling comparison of probe scoring needs each GPU's history: the tests on which it ran below its siblings' median
-- in a run. A GPU is DEGRADED when a test is flagged in two consecutive runs of it (docs/architecture.md).

ALTER TABLE probe_result ADD COLUMN slow_tests varchar(64)[] NOT NULL DEFAULT '{}';
