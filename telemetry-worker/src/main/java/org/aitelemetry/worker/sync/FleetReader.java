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
import org.aitelemetry.prometheus.StreamedAnswer;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.kube.LabelVariants;
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

    /** An answer of the cycle: a whole {@link QueryResult}, or a reading that streamed into a sink. */
    private sealed interface Answer {
    }

    private record Collected(FleetQuery query, QueryResult result) implements Answer {
    }

    private record Reading(StreamedAnswer<DcgmReadings.FieldSink> answer) implements Answer {
    }

    private static final Set<FleetQuery> DEVICES_FIRST =
            EnumSet.of(FleetQuery.INVENTORY, FleetQuery.AMD_INVENTORY, FleetQuery.AMD_READINGS);

    private final PrometheusClient client;
    private final QueryCatalogue queries;
    private final LabelVariants labels;
    private final DcgmLabels dcgm;

    FleetReader(PrometheusClient client, QueryCatalogue queries, LabelVariants labels, DcgmLabels dcgm) {
        this.client = client;
        this.queries = queries;
        this.labels = labels;
        this.dcgm = dcgm;
    }

    /** Number of queries one cycle sends, whatever the fleet size. */
    static int queriesPerCycle() {
        return FleetQuery.values().length + DcgmField.values().length;
    }

    /**
     * The readings stream into one table as they arrive; the other answers are kept whole. Merged answers reach the
     * collector one at a time, so neither needs a lock.
     */
    Uni<FleetQueryResults> read(Instant at) {
        return Multi.createFrom().iterable(cycle())
                .onItem().transformToUni(sent -> send(sent, at))
                .merge(CONCURRENCY)
                .collect().in(Answers::new, Answers::add)
                .map(Answers::results);
    }

    private Uni<Answer> send(Sent sent, Instant at) {
        if (sent.name() instanceof DcgmField field) {
            return client.stream(sent.promql(), at, () -> new DcgmReadings.FieldSink(field, labels, dcgm))
                    .map(Reading::new);
        }
        return client.query(sent.promql(), at).map(result -> new Collected((FleetQuery) sent.name(), result));
    }

    /** The cycle's answers so far. */
    private static final class Answers {

        private final Map<FleetQuery, QueryResult> collected = new EnumMap<>(FleetQuery.class);
        private final DcgmReadings readings = new DcgmReadings();

        void add(Answer answer) {
            if (answer instanceof Reading reading) {
                readings.add(reading.answer());
            } else if (answer instanceof Collected whole) {
                collected.put(whole.query(), whole.result());
            }
        }

        FleetQueryResults results() {
            return FleetQueryResults.of(collected, readings);
        }
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
}
