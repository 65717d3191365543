package org.aitelemetry.worker.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.worker.promql.QueryCatalogue;

/** The answers to one cycle's {@link QueryCatalogue}, as they came back from a source. */
record FleetQueryResults(QueryResult inventory, Map<DcgmField, QueryResult> readings, QueryResult nodeLabels,
        QueryResult nodeCapacity, QueryResult nodeInfo, QueryResult allocations, QueryResult restartingPods,
        QueryResult terminatingPods, QueryResult fullVolumeClaims, QueryResult vllmNamespaces) {

    List<String> warnings() {
        List<String> warnings = new ArrayList<>();
        all().forEach(result -> warnings.addAll(result.warnings()));
        return warnings;
    }

    int seriesCount() {
        return all().mapToInt(result -> result.series().size()).sum();
    }

    private Stream<QueryResult> all() {
        return Stream.concat(Stream.of(inventory, nodeLabels, nodeCapacity, nodeInfo, allocations, restartingPods,
                terminatingPods, fullVolumeClaims, vllmNamespaces), readings.values().stream());
    }
}
