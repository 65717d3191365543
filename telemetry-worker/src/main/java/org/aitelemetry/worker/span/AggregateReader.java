package org.aitelemetry.worker.span;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.DoublePredicate;
import java.util.stream.Stream;
import org.aitelemetry.prometheus.PrometheusClient;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.dcgm.DcgmBlank;
import org.aitelemetry.prometheus.dcgm.MigShare;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.jboss.logging.Logger;

/**
 * Reads a final session's aggregates at close from the metric source of its cluster: at most two instant queries at
 * the session's end over its duration ({@link AggregateQueries}): utilization, and energy, which is unknown for slices
 * (MIG slices, AMD partitions), which share their GPU's counter. An average or increase outside the field's range came
 * from blank sentinels: no value, never a reading.
 */
@ApplicationScoped
class AggregateReader {

    private static final Logger LOG = Logger.getLogger(AggregateReader.class);

    private final SourceClients clients;
    private final AggregateQueries queries;

    AggregateReader(SourceClients clients, AggregateQueries queries) {
        this.clients = clients;
        this.queries = queries;
    }

    Uni<Aggregates> read(OutboxSession session) {
        Double gpuSeconds = gpuSeconds(session);
        Optional<SourceDefinition> source = source(session);
        Duration range = session.duration();
        if (source.isEmpty() || session.gpuUuid() == null || range.toMillis() < 1) {
            return Uni.createFrom().item(new Aggregates(null, null, gpuSeconds, null));
        }
        PrometheusClient client = clients.client(source.get());
        Uni<Measured> energy = session.slice() ? Uni.createFrom().item(Measured.NONE)
                : measure(client, queries.energy(session, range), session);
        Uni<Measured> utilization = measure(client, queries.utilization(session, range), session);
        return Uni.combine().all().unis(utilization, energy).with((average, joules) ->
                new Aggregates(average.value(), joules.value(), gpuSeconds, failure(average, joules)));
    }

    /** Duration × the share of a GPU held; unknown for a slice whose profile and model give no compute share. */
    static Double gpuSeconds(OutboxSession session) {
        double seconds = session.duration().toNanos() / 1e9;
        if (!session.slice()) {
            return seconds;
        }
        // A MIG instance's or an AMD partition's share of its GPU, by its profile.
        OptionalDouble share = session.migProfile() == null ? OptionalDouble.empty()
                : MigShare.of(session.migProfile(), Objects.requireNonNullElse(session.gpuModel(), ""));
        return share.isPresent() ? seconds * share.getAsDouble() : null;
    }

    /** The source the fleet sync found the cluster in, else one that names the cluster as its own. */
    private Optional<SourceDefinition> source(OutboxSession session) {
        return clients.definitions().stream()
                .filter(source -> session.sourceName() != null ? source.name().equals(session.sourceName())
                        : source.defaultCluster().equals(session.clusterName()))
                .findFirst();
    }

    private Uni<Measured> measure(PrometheusClient client, AggregateQuery query, OutboxSession session) {
        Instant at = session.endsAt();
        return client.query(query.promql(), at).map(result -> {
            Measured measured = Measured.of(result, value -> value <= query.most());
            if (measured.discarded()) {
                LOG.infof("Session %d: %s over the session is blank or out of range (%s), left out", session.id(),
                        query.field(), result.series().get(0).last().value());
            }
            return measured.scaled(query.toSpanUnit());
        }).onFailure().recoverWithItem(failure -> Measured.failed(query.field() + ": " + failure.getMessage()));
    }

    private static String failure(Measured... measured) {
        return Stream.of(measured).map(Measured::failure).filter(Objects::nonNull).reduce((a, b) -> a + "; " + b)
                .orElse(null);
    }

    /** One value read, or why it could not be read. */
    private record Measured(Double value, String failure, boolean discarded) {

        static final Measured NONE = new Measured(null, null, false);

        static Measured failed(String failure) {
            return new Measured(null, failure, false);
        }

        static Measured of(QueryResult result, DoublePredicate plausible) {
            if (result.incomplete()) {
                return failed("incomplete result: " + String.join("; ", result.warnings()));
            }
            if (result.series().isEmpty()) {
                return NONE;
            }
            double value = result.series().get(0).last().value();
            boolean reading = !DcgmBlank.isBlank(value) && value >= 0 && plausible.test(value);
            return reading ? new Measured(value, null, false) : new Measured(null, null, true);
        }

        Measured scaled(double factor) {
            return value == null ? this : new Measured(value * factor, failure, discarded);
        }
    }
}
