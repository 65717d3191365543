package org.aitelemetry.worker.span;

import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.vertx.ConsumeEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.eventbus.Message;
import jakarta.enterprise.context.ApplicationScoped;
import org.aitelemetry.worker.pipeline.CoalescingRunner;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.jboss.logging.Logger;

/**
 * Drives the span outbox: a round every {@code telemetry.tracing.export-every} ({@code off} to disable) and one as soon
 * as the session service announces due spans on {@value PipelineAddresses#SPANS_DUE}. A round runs batch after batch
 * while they come back full (at most {@value #MAX_BATCHES_PER_ROUND}), then refreshes the outbox-depth gauge. Rounds never
 * overlap in one worker: a round asked for while one runs is run once that one ends; replicas share the work through
 * the outbox's claims.
 */
@ApplicationScoped
public class SpanExportJob {

    static final int MAX_BATCHES_PER_ROUND = 50;

    private static final Logger LOG = Logger.getLogger(SpanExportJob.class);

    private final SpanExport export;
    private final CoalescingRunner<ExportReport> rounds;

    SpanExportJob(SpanExport export) {
        this.export = export;
        this.rounds = new CoalescingRunner<>(this::round, ExportReport.BUSY,
                failure -> LOG.warn("Span export round failed", failure));
    }

    @Scheduled(identity = "span-export", every = "${telemetry.tracing.export-every}",
            delayed = "${telemetry.tracing.first-delay}", concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return exportDue().replaceWithVoid();
    }

    @ConsumeEvent(PipelineAddresses.SPANS_DUE)
    void onDue(Message<Object> ignored) {
        rounds.request();
    }

    /**
     * Runs one round when subscribed, unless one is running: then that one is followed by another, and this one
     * completes at once with {@code busy} set.
     */
    public Uni<ExportReport> exportDue() {
        return rounds.run();
    }

    /** Not private: the span needs the call to go through the bean's interceptor. */
    @WithSpan("SpanExportJob.round")
    Uni<ExportReport> round() {
        return drain(ExportReport.NONE).call(export::refreshDepth).invoke(SpanExportJob::log);
    }

    private Uni<ExportReport> drain(ExportReport sofar) {
        return export.exportBatch().chain(batch -> {
            ExportReport total = sofar.plus(batch);
            return batch.more() && total.batches() < MAX_BATCHES_PER_ROUND ? drain(total)
                    : Uni.createFrom().item(total);
        });
    }

    private static void log(ExportReport report) {
        if (report.exportedSpans() > 0 || report.failedSpans() > 0 || report.aggregatesDeferred() > 0) {
            LOG.infof("Span export: %d gpu.usage and %d gpu.usage.start spans exported, %d failed, aggregates read "
                    + "for %d sessions and deferred for %d, %d batches", report.usageSpans(), report.startSpans(),
                    report.failedSpans(), report.aggregatesRead(), report.aggregatesDeferred(), report.batches());
        }
    }
}
