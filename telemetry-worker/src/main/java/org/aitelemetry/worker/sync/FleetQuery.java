package org.aitelemetry.worker.sync;

import java.util.function.Function;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.worker.promql.QueryCatalogue;

/**
 * The queries of a sync cycle beside the per-field DCGM readings (AMD's come in one query), each tied to its PromQL and to the component
 * of {@link FleetQueryResults} that holds its answer, so what is sent, what is counted and what is read cannot drift.
 */
enum FleetQuery {
    INVENTORY(QueryCatalogue::inventory, FleetQueryResults::inventory),
    AMD_INVENTORY(queries -> queries.amd().inventory(), FleetQueryResults::amdInventory),
    AMD_READINGS(queries -> queries.amd().readings(), FleetQueryResults::amdReadings),
    NODE_LABELS(QueryCatalogue::nodeLabels, FleetQueryResults::nodeLabels),
    NODE_CAPACITY(QueryCatalogue::nodeGpuCapacity, FleetQueryResults::nodeCapacity),
    NODE_INFO(QueryCatalogue::nodeInfo, FleetQueryResults::nodeInfo),
    ALLOCATIONS(QueryCatalogue::allocations, FleetQueryResults::allocations),
    RESTARTING_PODS(QueryCatalogue::restartingPods, FleetQueryResults::restartingPods),
    TERMINATING_PODS(QueryCatalogue::terminatingPods, FleetQueryResults::terminatingPods),
    FULL_VOLUME_CLAIMS(QueryCatalogue::fullVolumeClaims, FleetQueryResults::fullVolumeClaims),
    VLLM_NAMESPACES(QueryCatalogue::vllmNamespaces, FleetQueryResults::vllmNamespaces),
    NAMESPACE_ANNOTATIONS(QueryCatalogue::namespaceAnnotations, FleetQueryResults::namespaceAnnotations),
    NAMESPACE_LABELS(QueryCatalogue::namespaceLabels, FleetQueryResults::namespaceLabels),
    MANAGED_CLUSTER_INFO(QueryCatalogue::managedClusterInfo, FleetQueryResults::managedClusterInfo),
    MANAGED_CLUSTER_LABELS(QueryCatalogue::managedClusterLabels, FleetQueryResults::managedClusterLabels),
    VM_GPU_REQUESTS(QueryCatalogue::vmGpuRequests, FleetQueryResults::vmGpuRequests),
    VM_INSTANCES(QueryCatalogue::vmInstances, FleetQueryResults::vmInstances);

    private final Function<QueryCatalogue, String> promql;
    private final Function<FleetQueryResults, QueryResult> answer;

    FleetQuery(Function<QueryCatalogue, String> promql, Function<FleetQueryResults, QueryResult> answer) {
        this.promql = promql;
        this.answer = answer;
    }

    String promql(QueryCatalogue queries) {
        return promql.apply(queries);
    }

    QueryResult answerIn(FleetQueryResults results) {
        return answer.apply(results);
    }
}
