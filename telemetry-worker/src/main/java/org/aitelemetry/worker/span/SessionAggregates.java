package org.aitelemetry.worker.span;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.aitelemetry.worker.pipeline.RetryBackoff;
import org.aitelemetry.worker.span.SpanOutbox.Retry;
import org.jboss.logging.Logger;

/**
 * The aggregates step of an export batch: claims final sessions whose aggregates at close are unread (a bounded
 * batch, so a backlog never floods a metric source), reads them, and stores them, which makes the spans due. A read
 * that failed is retried with the export backoff; after {@code telemetry.tracing.aggregates-attempts} the span goes
 * out without the values that could not be read, so a metrics outage never holds spans back for good. A session whose
 * aggregates can never be read (its times, or a read that throws) is quarantined ({@link SpanQuarantine}).
 */
@ApplicationScoped
class SessionAggregates {

    private static final Logger LOG = Logger.getLogger(SessionAggregates.class);

    private final SpanOutbox outbox;
    private final AggregateReader reader;
    private final SpanMetrics metrics;
    private final TracingConfig config;
    private final RetryBackoff backoff;
    private final SpanQuarantine quarantine;

    SessionAggregates(SpanOutbox outbox, AggregateReader reader, SpanMetrics metrics, SpanQuarantine quarantine,
            TracingConfig config) {
        this.outbox = outbox;
        this.quarantine = quarantine;
        this.reader = reader;
        this.metrics = metrics;
        this.config = config;
        this.backoff = new RetryBackoff(config.backoffBase(), config.backoffMax());
    }

    /** Reads and stores the aggregates of one batch of due sessions. */
    Uni<Step> completeDue() {
        return outbox.claimForAggregates(config.aggregatesBatchSize(), config.lease())
                .chain(claimed -> quarantine.admit(claimed)
                        .chain(admitted -> Multi.createFrom().iterable(admitted)
                                .onItem().transformToUni(this::read)
                                .merge(config.aggregatesConcurrency())
                                .collect().asList())
                        .chain(reads -> settle(reads, claimed.size())));
    }

    /** A read that throws would throw again: the session is quarantined rather than retried. */
    private Uni<Read> read(OutboxSession session) {
        return Uni.createFrom().deferred(() -> reader.read(session))
                .map(aggregates -> new Read(session, aggregates, null))
                .onFailure().recoverWithItem(failure -> new Read(session, null,
                        Quarantine.failed(session, "aggregates", failure)));
    }

    private Uni<Step> settle(List<Read> allReads, int claimed) {
        List<Quarantine> poisoned = allReads.stream().map(Read::poisoned).filter(Objects::nonNull).toList();
        List<Read> reads = allReads.stream().filter(read -> read.poisoned() == null).toList();
        Map<Long, Aggregates> done = new HashMap<>();
        List<Retry> retries = new ArrayList<>();
        for (Read read : reads) {
            int failures = read.session().failures() + (read.aggregates().failed() ? 1 : 0);
            if (read.aggregates().failed() && failures < config.aggregatesAttempts()) {
                retries.add(new Retry(read.session().id(), backoff.afterFailure(failures),
                        "aggregates: " + read.aggregates().failure()));
            } else {
                logGivenUp(read, failures);
                done.put(read.session().id(), read.aggregates());
            }
        }
        metrics.failed(SpanMetrics.AGGREGATES, (int) reads.stream().filter(read -> read.aggregates().failed()).count());
        return quarantine.quarantine(poisoned)
                .chain(() -> outbox.storeAggregates(done))
                .chain(() -> outbox.markFailed(retries))
                .map(ignored -> new Step(reads.size(), retries.size(), claimed == config.aggregatesBatchSize()));
    }

    private static void logGivenUp(Read read, int failures) {
        if (read.aggregates().failed()) {
            LOG.warnf("Session %d (trace %s): its span goes out without the aggregates that could not be read in %d "
                    + "attempts: %s", read.session().id(), read.session().traceId(), failures,
                    read.aggregates().failure());
        } else if (read.session().sourceName() == null && read.aggregates().utilizationPercent() == null) {
            LOG.debugf("Session %d: no metric source for cluster %s, its span goes out without readings",
                    read.session().id(), read.session().clusterName());
        }
    }

    /** A session's aggregates, or why it is quarantined. */
    private record Read(OutboxSession session, Aggregates aggregates, Quarantine poisoned) {
    }

    /**
     * @param claimed  sessions whose aggregates this batch tried to read
     * @param deferred of those, sessions to try again after a backoff
     * @param full     the claim came back full: more may be due
     */
    record Step(int claimed, int deferred, boolean full) {
    }
}
