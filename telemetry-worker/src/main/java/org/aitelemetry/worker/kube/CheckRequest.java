package org.aitelemetry.worker.kube;

import io.vertx.mutiny.sqlclient.Row;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A claimed {@code health_check_request} row: what to check (site's HealthCheck targets NODE, PROJECT, JOB). */
record CheckRequest(UUID id, long clusterId, String requestedBy, String targetKind, String node, String namespace,
        String podSelector, List<String> pods, List<String> tests, int attempts) {

    /** @param row a claimed row; {@code schedule_attempts} counts the rounds that failed before this one */
    static CheckRequest of(Row row) {
        return new CheckRequest(row.getUUID("id"), row.getLong("cluster_id"), row.getString("requested_by"),
                row.getString("target_kind"), row.getString("node_name"), row.getString("namespace"),
                row.getString("pod_selector"), Arrays.asList(row.getArrayOfStrings("pod_names")),
                Arrays.asList(row.getArrayOfStrings("tests")), row.getInteger("schedule_attempts"));
    }

    /**
     * A node to run the probe on and what it tests there: the GPUs to request, the UUIDs to pass to {@code --gpus}
     * (empty: every GPU the device plugin gives the pod, for a whole-node check), MIG slices (or AMD partitions) to
     * request by profile, and whether its GPUs are AMD's (another device plugin, another probe image).
     */
    record TargetNode(String name, int gpus, List<String> gpuUuids, Map<String, Integer> migSlices, boolean amd) {

        static TargetNode wholeNode(String name, int gpus, boolean amd) {
            return new TargetNode(name, gpus, List.of(), Map.of(), amd);
        }

        boolean testsAnything() {
            return gpus > 0 || !migSlices.isEmpty();
        }
    }
}
