package org.aitelemetry.worker.span;

/**
 * One aggregate's instant query at a session's end, with what a real result can be.
 *
 * @param promql     the query
 * @param field      the metric it reads, named in the log when a result is left out
 * @param most       the largest real result, in the query's unit: beyond it, sentinels or a broken counter made it
 * @param toSpanUnit the factor from the query's unit to the span's (percent, joules)
 */
record AggregateQuery(String promql, String field, double most, double toSpanUnit) {
}
