package org.aitelemetry.worker.kube;

/**
 * The SQL of health-check requests as the worker drives them: claiming, scheduling, retrying, tracking their Jobs,
 * failing what no actuator serves, and the idle-time requests.
 */
final class CheckSql {

    private CheckSql() {
    }

    static final String CLAIM = """
            WITH claimed AS (
              SELECT r.id FROM health_check_request r JOIN ai_cluster c ON c.id = r.cluster_id
              WHERE r.state = 'PENDING' AND c.name = $1 AND (r.schedule_after IS NULL OR r.schedule_after <= now())
              ORDER BY r.created_at LIMIT $2
              FOR UPDATE OF r SKIP LOCKED)
            UPDATE health_check_request r SET state = 'SCHEDULED', state_reason = NULL, updated_at = now()
            FROM claimed WHERE r.id = claimed.id
            RETURNING r.id, r.cluster_id, r.requested_by, r.target_kind, r.node_name, r.namespace, r.pod_selector,
                      r.pod_names, r.tests,
                      r.schedule_attempts""";

    static final String SET_STATE = """
            UPDATE health_check_request SET state = $2, state_reason = $3, job_name = $4, updated_at = now()
            WHERE id = $1""";

    static final String RETRY_LATER = """
            UPDATE health_check_request SET state = 'PENDING', state_reason = $2, schedule_attempts = $3,
              schedule_after = now() + make_interval(secs => $4), updated_at = now()
            WHERE id = $1""";

    static final String GIVE_UP = """
            UPDATE health_check_request SET state = 'FAILED', state_reason = $2, schedule_attempts = $3,
              schedule_after = NULL, updated_at = now()
            WHERE id = $1""";

    static final String POSTPONE = """
            UPDATE health_check_request SET state = 'PENDING', state_reason = $2,
              schedule_after = now() + make_interval(secs => $3), updated_at = now()
            WHERE id = $1""";

    /** PENDING requests of clusters without a live actuator: the site treats a 2-minute-old heartbeat as none. */
    static final String FAIL_UNSERVED = """
            UPDATE health_check_request r SET state = 'FAILED', updated_at = now(),
              state_reason = 'no worker acts on the Kubernetes API of cluster ' || c.name
                || ' (no kube_actuator heartbeat in the last 2 minutes)'
            FROM ai_cluster c
            WHERE c.id = r.cluster_id AND r.state = 'PENDING' AND r.created_at < now() - make_interval(secs => $1)
              AND NOT EXISTS (SELECT 1 FROM kube_actuator a WHERE a.cluster_name = c.name
                              AND a.heartbeat_at > now() - interval '2 minutes')
            RETURNING r.id""";

    static final String TRACKED = """
            SELECT r.id, r.updated_at < now() - interval '2 minutes' AS settled
            FROM health_check_request r JOIN ai_cluster c ON c.id = r.cluster_id
            WHERE r.state IN ('SCHEDULED', 'RUNNING') AND c.name = $1 ORDER BY r.created_at""";

    static final String TRACKED_STATE = """
            UPDATE health_check_request SET state = $2, state_reason = $3, updated_at = now()
            WHERE id = $1 AND state IN ('SCHEDULED', 'RUNNING') AND state <> $2""";

    /** Serialises idle-policy rounds across replicas, so a round never inserts a request another just did. */
    static final String IDLE_POLICY_LOCK =
            "SELECT pg_advisory_xact_lock(hashtext('aitelemetry.kubernetes.idle-policy'))";

    static final String REQUEST_IDLE_CHECKS = """
            INSERT INTO health_check_request (id, requested_by, cluster_id, target_kind, node_name)
            SELECT gen_random_uuid(), $2::varchar, n.cluster_id, 'NODE', n.name
            FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE c.name = ANY($1) AND n.state = 'PRESENT'
              AND EXISTS (SELECT 1 FROM gpu_device d WHERE d.node_id = n.id AND d.state = 'PRESENT')
              AND NOT EXISTS (SELECT 1 FROM gpu_device d WHERE d.node_id = n.id AND d.state = 'PRESENT'
                AND (coalesce(d.utilization_percent, 0) >= $3
                  OR EXISTS (SELECT 1 FROM usage_session s WHERE s.device_id = d.id
                    AND (s.state IN ('OPEN', 'CLOSING') OR s.ends_at > now() - make_interval(secs => $4)))))
              AND NOT EXISTS (SELECT 1 FROM usage_session s WHERE s.cluster_name = c.name AND s.node_name = n.name
                AND (s.state IN ('OPEN', 'CLOSING') OR s.ends_at > now() - make_interval(secs => $4)))
              AND NOT EXISTS (SELECT 1 FROM health_check_request r WHERE r.cluster_id = n.cluster_id
                AND r.target_kind = 'NODE' AND r.node_name = n.name AND r.requested_by = $2::varchar
                AND r.created_at > now() - make_interval(secs => $5))
            RETURNING node_name""";
}
