package org.aitelemetry.worker.sync;

import static org.aitelemetry.worker.sync.FleetQuery.ALLOCATIONS;
import static org.aitelemetry.worker.sync.FleetQuery.AMD_INVENTORY;
import static org.aitelemetry.worker.sync.FleetQuery.AMD_READINGS;
import static org.aitelemetry.worker.sync.FleetQuery.FULL_VOLUME_CLAIMS;
import static org.aitelemetry.worker.sync.FleetQuery.INVENTORY;
import static org.aitelemetry.worker.sync.FleetQuery.MANAGED_CLUSTER_INFO;
import static org.aitelemetry.worker.sync.FleetQuery.MANAGED_CLUSTER_LABELS;
import static org.aitelemetry.worker.sync.FleetQuery.NAMESPACE_ANNOTATIONS;
import static org.aitelemetry.worker.sync.FleetQuery.NAMESPACE_LABELS;
import static org.aitelemetry.worker.sync.FleetQuery.NODE_CAPACITY;
import static org.aitelemetry.worker.sync.FleetQuery.NODE_INFO;
import static org.aitelemetry.worker.sync.FleetQuery.NODE_LABELS;
import static org.aitelemetry.worker.sync.FleetQuery.RESTARTING_PODS;
import static org.aitelemetry.worker.sync.FleetQuery.TERMINATING_PODS;
import static org.aitelemetry.worker.sync.FleetQuery.VLLM_NAMESPACES;
import static org.aitelemetry.worker.sync.FleetQuery.VM_GPU_REQUESTS;
import static org.aitelemetry.worker.sync.FleetQuery.VM_INSTANCES;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.worker.promql.QueryCatalogue;

/**
 * The answers to one cycle's {@link QueryCatalogue}, as they came back from a source: one component per query, and the
 * DCGM readings, which were folded into one table as they streamed in.
 */
record FleetQueryResults(QueryResult inventory, DcgmReadings readings, QueryResult amdInventory,
        QueryResult amdReadings, QueryResult nodeLabels,
        QueryResult nodeCapacity, QueryResult nodeInfo, QueryResult allocations, QueryResult restartingPods,
        QueryResult terminatingPods, QueryResult fullVolumeClaims, QueryResult vllmNamespaces,
        QueryResult namespaceAnnotations, QueryResult namespaceLabels, QueryResult managedClusterInfo,
        QueryResult managedClusterLabels, QueryResult vmGpuRequests, QueryResult vmInstances) {

    static FleetQueryResults of(Map<FleetQuery, QueryResult> answers, DcgmReadings readings) {
        return new FleetQueryResults(answers.get(INVENTORY), readings, answers.get(AMD_INVENTORY),
                answers.get(AMD_READINGS),
                answers.get(NODE_LABELS),
                answers.get(NODE_CAPACITY), answers.get(NODE_INFO), answers.get(ALLOCATIONS),
                answers.get(RESTARTING_PODS), answers.get(TERMINATING_PODS), answers.get(FULL_VOLUME_CLAIMS),
                answers.get(VLLM_NAMESPACES), answers.get(NAMESPACE_ANNOTATIONS), answers.get(NAMESPACE_LABELS),
                answers.get(MANAGED_CLUSTER_INFO), answers.get(MANAGED_CLUSTER_LABELS), answers.get(VM_GPU_REQUESTS),
                answers.get(VM_INSTANCES));
    }

    List<String> warnings() {
        List<String> warnings = new ArrayList<>();
        queries().forEach(result -> warnings.addAll(result.warnings()));
        warnings.addAll(readings.warnings());
        return warnings;
    }

    int seriesCount() {
        return queries().mapToInt(result -> result.series().size()).sum() + readings.seriesCount();
    }

    private Stream<QueryResult> queries() {
        return Arrays.stream(FleetQuery.values()).map(query -> query.answerIn(this));
    }
}
