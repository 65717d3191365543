package org.aitelemetry.worker.span;

/**
 * What an export round (or one batch of it) did.
 *
 * @param batches              batches run
 * @param usageSpans           {@code gpu.usage} spans the collector acknowledged
 * @param startSpans           {@code gpu.usage.start} spans the collector acknowledged
 * @param failedSpans          spans whose export failed, to be retried
 * @param aggregatesRead       sessions whose aggregates at close were read (or given up on)
 * @param aggregatesDeferred   sessions whose aggregates could not be read yet, to be retried
 * @param more                 the last batch came back full: more may be due
 * @param busy                 another round was running: this one did nothing (it runs again once that one ends)
 */
public record ExportReport(int batches, int usageSpans, int startSpans, int failedSpans, int aggregatesRead,
        int aggregatesDeferred, boolean more, boolean busy) {

    static final ExportReport NONE = new ExportReport(0, 0, 0, 0, 0, 0, false, false);
    static final ExportReport BUSY = new ExportReport(0, 0, 0, 0, 0, 0, false, true);

    static ExportReport sent(int usageSpans, int startSpans, boolean more) {
        return new ExportReport(1, usageSpans, startSpans, 0, 0, 0, more, false);
    }

    static ExportReport failed(int spans) {
        return new ExportReport(1, 0, 0, spans, 0, 0, false, false);
    }

    /** Spans the collector acknowledged. */
    public int exportedSpans() {
        return usageSpans + startSpans;
    }

    /** This batch's report with its aggregates step; a full aggregates claim also means more may be due. */
    ExportReport withAggregates(SessionAggregates.Step step) {
        return new ExportReport(1, usageSpans, startSpans, failedSpans, step.claimed() - step.deferred(),
                step.deferred(), failedSpans == 0 && (more || step.full()), false);
    }

    /** Totals of a round so far and its next batch; {@code more} is the last batch's. */
    ExportReport plus(ExportReport next) {
        return new ExportReport(batches + next.batches, usageSpans + next.usageSpans, startSpans + next.startSpans,
                failedSpans + next.failedSpans, aggregatesRead + next.aggregatesRead,
                aggregatesDeferred + next.aggregatesDeferred, next.more, busy || next.busy);
    }
}
