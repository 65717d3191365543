package org.aitelemetry.worker.span;

import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.quarkus.vertx.ConsumeEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.eventbus.Message;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Drives the span outbox: a round every {@code telemetry.tracing.export-every} ({@code off} to disable) and one as soon
 * as the session service announces final sessions on {@value #DUE_ADDRESS}. A round runs batch after batch while they
 * come back full (at most {@value #MAX_BATCHES_PER_ROUND}), then refreshes the outbox-depth gauge. Rounds never
 * overlap in one worker: a round asked for while one runs is run once that one ends; replicas share the work through
 * the outbox's claims.
 */
@ApplicationScoped
public class SpanExportJob {

    /** Event-bus address the session service publishes to (any body) when sessions become final. */
    public static final String DUE_ADDRESS = "telemetry.spans.due";

    static final int MAX_BATCHES_PER_ROUND = 50;

    private static final Logger LOG = Logger.getLogger(SpanExportJob.class);

    private final SpanExport export;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean requested = new AtomicBoolean();

    SpanExportJob(SpanExport export) {
        this.export = export;
    }

    @Scheduled(identity = "span-export", every = "${telemetry.tracing.export-every}",
            delayed = "${telemetry.tracing.first-delay}", concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return exportDue().replaceWithVoid();
    }

    @ConsumeEvent(DUE_ADDRESS)
    void onDue(Message<Object> ignored) {
        runDetached();
    }

    /**
     * Runs one round when subscribed, unless one is running: then that one is followed by another, and this one
     * completes at once with {@code busy} set.
     */
    public Uni<ExportReport> exportDue() {
        return Uni.createFrom().deferred(() -> {
            requested.set(true);
            if (!running.compareAndSet(false, true)) {
                return Uni.createFrom().item(ExportReport.BUSY);
            }
            requested.set(false);
            return drain(ExportReport.NONE)
                    .call(export::refreshDepth)
                    .invoke(SpanExportJob::log)
                    .onTermination().invoke(this::roundEnded);
        });
    }

    private Uni<ExportReport> drain(ExportReport sofar) {
        return export.exportBatch().chain(batch -> {
            ExportReport total = sofar.plus(batch);
            return batch.more() && total.batches() < MAX_BATCHES_PER_ROUND ? drain(total)
                    : Uni.createFrom().item(total);
        });
    }

    private void roundEnded() {
        running.set(false);
        if (requested.get()) {
            runDetached();
        }
    }

    private void runDetached() {
        exportDue().subscribe().with(report -> { }, failure -> LOG.warn("Span export round failed", failure));
    }

    private static void log(ExportReport report) {
        if (report.exportedSpans() > 0 || report.failedSpans() > 0 || report.aggregatesDeferred() > 0) {
            LOG.infof("Span export: %d gpu.usage and %d gpu.usage.start spans exported, %d failed, aggregates read "
                    + "for %d sessions and deferred for %d, %d batches", report.usageSpans(), report.startSpans(),
                    report.failedSpans(), report.aggregatesRead(), report.aggregatesDeferred(), report.batches());
        }
    }
}
