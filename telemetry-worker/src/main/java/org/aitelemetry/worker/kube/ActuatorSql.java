package org.aitelemetry.worker.kube;

/**
 * The SQL of the actuator heartbeat: which worker acts on which cluster's Kubernetes API, and since when.
 */
final class ActuatorSql {

    private ActuatorSql() {
    }

    static final String BEAT = """
            INSERT INTO kube_actuator (cluster_name, worker, dry_run, heartbeat_at)
            SELECT u.name, $2, u.dry_run, now() FROM unnest($1::varchar[], $3::boolean[]) AS u(name, dry_run)
            ON CONFLICT (cluster_name) DO UPDATE SET worker = excluded.worker, dry_run = excluded.dry_run,
              heartbeat_at = excluded.heartbeat_at""";
}
