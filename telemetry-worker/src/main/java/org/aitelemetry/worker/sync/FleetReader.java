package org.aitelemetry.worker.sync;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
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

    /** One query of the cycle, named by a {@link FleetQuery} or a {@link DcgmField}. */
    private record Sent(Enum<?> name, String promql) {
    }

    private record Answer(Enum<?> name, QueryResult result) {
    }

    private static final Set<FleetQuery> DEVICES_FIRST =
            EnumSet.of(FleetQuery.INVENTORY, FleetQuery.AMD_INVENTORY, FleetQuery.AMD_READINGS);

    private final PrometheusClient client;
    private final QueryCatalogue queries;

    FleetReader(PrometheusClient client, QueryCatalogue queries) {
        this.client = client;
        this.queries = queries;
    }

    /** Number of queries one cycle sends, whatever the fleet size. */
    static int queriesPerCycle() {
        return FleetQuery.values().length + DcgmField.values().length;
    }

    Uni<FleetQueryResults> read(Instant at) {
        return Multi.createFrom().iterable(cycle())
                .onItem().transformToUni(sent -> client.query(sent.promql(), at)
                        .map(result -> new Answer(sent.name(), result)))
                .merge(CONCURRENCY)
                .collect().asList()
                .map(FleetReader::toResults);
    }

    /** The inventories and the device readings go first, the node and project queries after them. */
    private List<Sent> cycle() {
        List<Sent> sent = new ArrayList<>(queriesPerCycle());
        sent.add(new Sent(FleetQuery.INVENTORY, FleetQuery.INVENTORY.promql(queries)));
        Stream.of(DcgmField.values()).forEach(field -> sent.add(new Sent(field, queries.reading(field))));
        Stream.of(FleetQuery.AMD_INVENTORY, FleetQuery.AMD_READINGS)
                .forEach(query -> sent.add(new Sent(query, query.promql(queries))));
        Stream.of(FleetQuery.values()).filter(query -> !DEVICES_FIRST.contains(query))
                .forEach(query -> sent.add(new Sent(query, query.promql(queries))));
        return sent;
    }

    private static FleetQueryResults toResults(List<Answer> answers) {
        Map<FleetQuery, QueryResult> byQuery = new EnumMap<>(FleetQuery.class);
        Map<DcgmField, QueryResult> readings = new EnumMap<>(DcgmField.class);
        for (Answer answer : answers) {
            if (answer.name() instanceof DcgmField field) {
                readings.put(field, answer.result());

            } else if (answer.name() instanceof FleetQuery query) {
                byQuery.put(query, answer.result());
            }
        }
        return FleetQueryResults.of(byQuery, readings);
    }
}
