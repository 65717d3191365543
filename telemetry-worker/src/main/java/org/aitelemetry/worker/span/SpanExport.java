package org.aitelemetry.worker.span;

import io.opentelemetry.sdk.trace.data.SpanData;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.aitelemetry.worker.span.SpanOutbox.Retry;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * One batch of the span outbox: the aggregates step, then the sessions with a span ready are claimed, their spans
 * sent in one OTLP request, and marked exported only once the collector acknowledged them. A failed request counts an
 * attempt for each of its sessions and schedules the next with backoff and jitter. Without an endpoint nothing is
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
    private final ExportBackoff backoff;
    private final AtomicBoolean toldNoEndpoint = new AtomicBoolean();

    SpanExport(SpanOutbox outbox, SessionAggregates aggregates, OtlpSpanSender sender, SpanMetrics metrics,
            TracingConfig config, @ConfigProperty(name = "quarkus.application.version") Optional<String> version) {
        this.outbox = outbox;
        this.aggregates = aggregates;
        this.sender = sender;
        this.metrics = metrics;
        this.config = config;
        this.spans = new UsageSpans(version.orElse(null));
        this.backoff = new ExportBackoff(config.backoffBase(), config.backoffMax());
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

    private Uni<ExportReport> send(List<OutboxSession> sessions) {
        if (sessions.isEmpty()) {
            return Uni.createFrom().item(ExportReport.NONE);
        }
        List<SpanData> data = new ArrayList<>();
        List<Long> usageIds = new ArrayList<>();
        List<Long> startIds = new ArrayList<>();
        for (OutboxSession session : sessions) {
            if (session.startPending()) {
                data.add(spans.start(session));
                startIds.add(session.id());
            }
            if (session.usageSpanReady()) {
                data.add(spans.usage(session));
                usageIds.add(session.id());
            }
        }
        boolean full = sessions.size() == config.batchSize();
        return sender.send(data)
                .chain(() -> outbox.markExported(usageIds, startIds))
                .invoke(() -> {
                    metrics.exported(SpanIds.USAGE_SPAN, usageIds.size());
                    metrics.exported(SpanIds.START_SPAN, startIds.size());
                })
                .map(ignored -> ExportReport.sent(usageIds.size(), startIds.size(), full))
                .onFailure(OtlpSpanSender.SpanExportException.class)
                .recoverWithUni(failure -> retryLater(sessions, data.size(), failure));
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
}
