-- Worker replicas share the per-source work (issue 24): each source's fleet sync and usage rollup runs once per cycle
-- (one interval of its job, a slot of epoch time), on one replica, and replicas run different sources at once.
--
-- worker_replica: every replica writes a row per kind of work (the work's advisory-lock name) when it starts a cycle of
-- it. The replicas seen lately are the ones a cycle's sources are dealt among; a replica not seen for a few intervals
-- has died or stopped running that work, and its row is deleted by the next replica to look.
CREATE TABLE worker_replica (
  work        varchar(100) NOT NULL,
  replica_id  varchar(200) NOT NULL,
  seen_at     timestamptz  NOT NULL,
  PRIMARY KEY (work, replica_id)
);

-- source_cycle: the last slot a source's work of this kind committed in, written in the transaction that holds the
-- source's advisory lock and read under it, so a replica that gets the lock after another finished skips the source
-- until the next slot. done_by names the replica that did it, for an operator asking who syncs what.
CREATE TABLE source_cycle (
  work        varchar(100) NOT NULL,
  source_id   bigint       NOT NULL REFERENCES metric_source (id) ON DELETE CASCADE,
  done_slot   bigint       NOT NULL,
  done_by     varchar(200) NOT NULL,
  done_at     timestamptz  NOT NULL,
  PRIMARY KEY (work, source_id)
);
