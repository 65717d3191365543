package org.aitelemetry.worker.span;

import io.opentelemetry.sdk.trace.data.SpanData;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.aitelemetry.worker.pipeline.RetryBackoff;
import org.aitelemetry.worker.span.SpanOutbox.Retry;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * One batch of the span outbox: the aggregates step, then the sessions with a span ready are claimed, their spans
 * sent in one OTLP request, and marked exported only once the collector acknowledged them. A failed request counts an
 * attempt for each of its sessions and schedules the next with backoff and jitter. A session whose spans can never be
 * built is quarantined ({@link SpanQuarantine}) rather than sent with the others. Without an endpoint nothing is
 * claimed: the spans wait in the outbox.
 */
@ApplicationScoped
class SpanExport {

    private static final Logger LOG = Logger.getLogger(SpanExport.class);

    private final SpanOutbox outbox;
    private final SessionAggregates aggregates;
    private final OtlpSpanSender sender;
    private final SpanMetrics metrics;
    private final TracingConfig config;
    private final UsageSpans spans;
    private final RetryBackoff backoff;
    private final SpanQuarantine quarantine;
    private final AtomicBoolean toldNoEndpoint = new AtomicBoolean();

    SpanExport(SpanOutbox outbox, SessionAggregates aggregates, OtlpSpanSender sender, SpanMetrics metrics,
            SpanQuarantine quarantine, TracingConfig config,
            @ConfigProperty(name = "quarkus.application.version") Optional<String> version) {
        this.outbox = outbox;
        this.aggregates = aggregates;
        this.sender = sender;
        this.metrics = metrics;
        this.config = config;
        this.spans = new UsageSpans(version.orElse(null));
        this.backoff = new RetryBackoff(config.backoffBase(), config.backoffMax());
        this.quarantine = quarantine;
    }

    /** Runs one batch; the report says whether more may be due. */
    Uni<ExportReport> exportBatch() {
        return aggregates.completeDue().chain(step -> sendDue().map(sent -> sent.withAggregates(step)));
    }

    /** Spans waiting in the outbox, refreshed into the depth gauge. */
    Uni<Long> refreshDepth() {
        return outbox.depth().invoke(metrics::depth);
    }

    private Uni<ExportReport> sendDue() {
        if (!sender.configured()) {
            if (toldNoEndpoint.compareAndSet(false, true)) {
                LOG.warn("No telemetry.tracing.otlp-endpoint: usage spans stay in the outbox until one is configured");
            }
            return Uni.createFrom().item(ExportReport.NONE);
        }
        return outbox.claimForExport(config.batchSize(), config.lease()).chain(this::send);
    }

    private Uni<ExportReport> send(List<OutboxSession> claimed) {
        if (claimed.isEmpty()) {
            return Uni.createFrom().item(ExportReport.NONE);
        }
        boolean full = claimed.size() == config.batchSize();
        return quarantine.admit(claimed).chain(admitted -> {
            Built built = build(admitted);
            return quarantine.quarantine(built.poisoned()).chain(() -> send(built, full));
        });
    }

    private Uni<ExportReport> send(Built built, boolean full) {
        if (built.spans().isEmpty()) {
            return Uni.createFrom().item(ExportReport.sent(0, 0, full));
        }
        return sender.send(built.spans())
                .chain(() -> outbox.markExported(built.usageIds(), built.startIds()))
                .invoke(() -> {
                    metrics.exported(SpanIds.USAGE_SPAN, built.usageIds().size());
                    metrics.exported(SpanIds.START_SPAN, built.startIds().size());
                })
                .map(ignored -> ExportReport.sent(built.usageIds().size(), built.startIds().size(), full))
                .onFailure(OtlpSpanSender.SpanExportException.class)
                .recoverWithUni(failure -> retryLater(built.sessions(), built.spans().size(), failure));
    }

    /** The spans of each session; one whose spans cannot be built is set aside, not sent with the others. */
    private Built build(List<OutboxSession> sessions) {
        Built built = new Built(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                new ArrayList<>());
        for (OutboxSession session : sessions) {
            List<SpanData> spansOfSession = new ArrayList<>(2);
            try {
                if (session.startPending()) {
                    spansOfSession.add(spans.start(session));
                }
                if (session.usageSpanReady()) {
                    spansOfSession.add(spans.usage(session));
                }
            } catch (RuntimeException e) {
                built.poisoned().add(Quarantine.failed(session, "span", e));
                continue;
            }
            built.sessions().add(session);
            built.spans().addAll(spansOfSession);
            if (session.startPending()) {
                built.startIds().add(session.id());
            }
            if (session.usageSpanReady()) {
                built.usageIds().add(session.id());
            }
        }
        return built;
    }

    private Uni<ExportReport> retryLater(List<OutboxSession> sessions, int spanCount, Throwable failure) {
        String error = "export: " + failure.getMessage();
        List<Retry> retries = sessions.stream()
                .map(session -> new Retry(session.id(), backoff.afterFailure(session.failures() + 1), error))
                .toList();
        metrics.failed(SpanMetrics.OTLP, spanCount);
        LOG.warnf("Export of %d spans failed, retrying with backoff: %s", spanCount, failure.getMessage());
        return outbox.markFailed(retries).map(ignored -> ExportReport.failed(spanCount));
    }

    /** One batch's spans: the sessions they are of, and those whose spans could not be built. */
    private record Built(List<OutboxSession> sessions, List<SpanData> spans, List<Long> usageIds, List<Long> startIds,
            List<Quarantine> poisoned) {
    }
}
