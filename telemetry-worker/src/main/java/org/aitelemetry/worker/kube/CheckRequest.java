package org.aitelemetry.worker.kube;

import io.vertx.mutiny.sqlclient.Row;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/** A claimed {@code health_check_request} row: what to check (site's HealthCheck targets NODE, PROJECT, JOB). */
record CheckRequest(UUID id, long clusterId, String targetKind, String node, String namespace, String podSelector,
        List<String> pods, List<String> tests, int attempts) {

    /** @param row a claimed row; {@code schedule_attempts} counts the rounds that failed before this one */
    static CheckRequest of(Row row) {
        return new CheckRequest(row.getUUID("id"), row.getLong("cluster_id"), row.getString("target_kind"),
                row.getString("node_name"), row.getString("namespace"), row.getString("pod_selector"),
                Arrays.asList(row.getArrayOfStrings("pod_names")), Arrays.asList(row.getArrayOfStrings("tests")),
                row.getInteger("schedule_attempts"));
    }

    /** A node to run the probe on and its GPU count (0 when the fleet sync does not know it). */
    record TargetNode(String name, int gpus) {
    }
}
