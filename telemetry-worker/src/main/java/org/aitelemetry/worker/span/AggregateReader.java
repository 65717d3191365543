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
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.prometheus.dcgm.MigShare;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.aitelemetry.worker.promql.QueryCatalogue;
import org.jboss.logging.Logger;

/**
 * Reads a final session's aggregates at close from the metric source of its cluster: at most two instant queries at
 * the session's end over its duration. Utilization is {@code DCGM_FI_DEV_GPU_UTIL} for a whole GPU and the slice's
 * {@code DCGM_FI_PROF_GR_ENGINE_ACTIVE} (0–1, reported in percent) for a MIG slice; energy is the increase of the
 * whole GPU's {@code DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION} (mJ, reported in J), unknown for slices, which share the
 * counter. An average or increase outside the field's range came from DCGM blank sentinels: no value, never a reading.
 */
@ApplicationScoped
class AggregateReader {

    private static final Logger LOG = Logger.getLogger(AggregateReader.class);

    /** No GPU draws this much: a larger energy increase was made by a blank sentinel or a broken counter. */
    private static final double MAX_PLAUSIBLE_WATTS = 5_000;

    private final SourceClients clients;
    private final QueryCatalogue queries;

    AggregateReader(SourceClients clients, QueryCatalogue queries) {
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
        Uni<Measured> energy = session.slice() ? Uni.createFrom().item(Measured.NONE) : energy(client, session, range);
        return Uni.combine().all().unis(utilization(client, session, range), energy).with((utilization, joules) ->
                new Aggregates(utilization.value(), joules.value(), gpuSeconds, failure(utilization, joules)));
    }

    /** Duration × the share of a GPU held; unknown for a slice whose profile names no compute share. */
    static Double gpuSeconds(OutboxSession session) {
        double seconds = session.duration().toNanos() / 1e9;
        if (!session.slice()) {
            return seconds;
        }
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

    private Uni<Measured> utilization(PrometheusClient client, OutboxSession session, Duration range) {
        DcgmField field = session.slice() ? DcgmField.GR_ENGINE_ACTIVE : DcgmField.GPU_UTIL;
        double fullScale = session.slice() ? 1 : 100;
        return measure(client, queries.sessionAverage(field, session.gpuUuid(), session.gpuInstanceId(), range),
                session, field, value -> value <= fullScale)
                .map(measured -> measured.scaled(100 / fullScale));
    }

    private Uni<Measured> energy(PrometheusClient client, OutboxSession session, Duration range) {
        double mostMillijoules = range.toMillis() * MAX_PLAUSIBLE_WATTS;
        return measure(client, queries.sessionEnergy(session.gpuUuid(), range), session, DcgmField.TOTAL_ENERGY,
                value -> value <= mostMillijoules)
                .map(measured -> measured.scaled(DcgmField.TOTAL_ENERGY.toModelUnit(1)));
    }

    private Uni<Measured> measure(PrometheusClient client, String promql, OutboxSession session, DcgmField field,
            DoublePredicate plausible) {
        Instant at = session.endsAt();
        return client.query(promql, at).map(result -> {
            Measured measured = Measured.of(result, plausible);
            if (measured.discarded()) {
                LOG.infof("Session %d: %s over the session is blank or out of range (%s), left out", session.id(),
                        field.metric(), result.series().get(0).last().value());
            }
            return measured;
        }).onFailure().recoverWithItem(failure -> Measured.failed(field.metric() + ": " + failure.getMessage()));
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
