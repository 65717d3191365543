package org.aitelemetry.worker.sync;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.aitelemetry.prometheus.PrometheusClient;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.worker.promql.QueryCatalogue;

/**
 * Sends one cycle's fixed set of queries to a source, a few at a time, and collects the answers. Any query that fails
 * (after the client's own retries) fails the whole read: a cycle never writes from half a fleet.
 */
final class FleetReader {

    /** Queries in flight at once against one source: enough to overlap round trips, few enough to be polite. */
    private static final int CONCURRENCY = 4;

    private final PrometheusClient client;
    private final QueryCatalogue queries;

    FleetReader(PrometheusClient client, QueryCatalogue queries) {
        this.client = client;
        this.queries = queries;
    }

    /** Number of queries one cycle sends, whatever the fleet size. */
    static int queriesPerCycle() {
        return 9 + DcgmField.values().length;
    }

    Uni<FleetQueryResults> read(Instant at) {
        Map<String, String> named = new LinkedHashMap<>();
        named.put("inventory", queries.inventory());
        for (DcgmField field : DcgmField.values()) {
            named.put(field.name(), queries.reading(field));
        }
        named.put("nodeLabels", queries.nodeLabels());
        named.put("nodeCapacity", queries.nodeGpuCapacity());
        named.put("nodeInfo", queries.nodeInfo());
        named.put("allocations", queries.allocations());
        named.put("restartingPods", queries.restartingPods());
        named.put("terminatingPods", queries.terminatingPods());
        named.put("fullVolumeClaims", queries.fullVolumeClaims());
        named.put("vllmNamespaces", queries.vllmNamespaces());
        return Multi.createFrom().iterable(named.entrySet())
                .onItem().transformToUni(entry -> client.query(entry.getValue(), at)
                        .map(result -> Map.entry(entry.getKey(), result)))
                .merge(CONCURRENCY)
                .collect().asMap(Map.Entry::getKey, Map.Entry::getValue)
                .map(FleetReader::toResults);
    }

    private static FleetQueryResults toResults(Map<String, QueryResult> byName) {
        Map<DcgmField, QueryResult> readings = new EnumMap<>(DcgmField.class);
        for (DcgmField field : DcgmField.values()) {
            readings.put(field, byName.get(field.name()));
        }
        Function<String, QueryResult> get = byName::get;
        return new FleetQueryResults(get.apply("inventory"), readings, get.apply("nodeLabels"),
                get.apply("nodeCapacity"), get.apply("nodeInfo"), get.apply("allocations"), get.apply("restartingPods"),
                get.apply("terminatingPods"), get.apply("fullVolumeClaims"), get.apply("vllmNamespaces"));
    }
}
