package org.aitelemetry.prometheus;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps range queries within what Prometheus serves: it refuses more than 11,000 points per series, and long windows
 * are slow and heavy for Thanos stores. A long range becomes windows of at most 24 h whose evaluation times continue
 * one another on the same step grid, so merging them neither repeats nor drops a sample.
 */
final class RangeSplitter {

    static final long MAX_POINTS = 11_000;
    static final Duration MAX_WINDOW = Duration.ofHours(24);

    /** One range request: evaluation at {@code start}, {@code start + step}, ... up to {@code end}. */
    record Window(Instant start, Instant end) {
    }

    private RangeSplitter() {
    }

    /** The requested step, raised (to whole milliseconds) so the whole range has at most 11,000 points per series. */
    static Duration effectiveStep(Instant start, Instant end, Duration step) {
        long rangeMillis = Duration.between(start, end).toMillis();
        long minimumMillis = (rangeMillis + MAX_POINTS - 1) / MAX_POINTS;
        return step.toMillis() >= minimumMillis ? step : Duration.ofMillis(minimumMillis);
    }

    static List<Window> windows(Instant start, Instant end, Duration step) {
        Duration span = step.multipliedBy(MAX_WINDOW.toMillis() / step.toMillis());
        List<Window> windows = new ArrayList<>();
        for (Instant from = start; !from.isAfter(end); ) {
            Instant to = from.plus(span).isBefore(end) ? from.plus(span) : end;
            windows.add(new Window(from, to));
            from = to.plus(step);
        }
        return windows;
    }

    /** Joins the windows' matrices: one series per label set, samples in window order, the warnings of every window. */
    static QueryResult merge(List<QueryResult> parts) {
        Map<Map<String, String>, List<Sample>> samplesByLabels = new LinkedHashMap<>();
        Set<String> warnings = new LinkedHashSet<>();
        for (QueryResult part : parts) {
            for (Series series : part.series()) {
                samplesByLabels.computeIfAbsent(series.labels(), labels -> new ArrayList<>()).addAll(series.samples());
            }
            warnings.addAll(part.warnings());
        }
        List<Series> series = samplesByLabels.entrySet().stream()
                .map(entry -> new Series(entry.getKey(), entry.getValue()))
                .toList();
        return new QueryResult("matrix", series, List.copyOf(warnings));
    }
}
