package org.aitelemetry.worker.usage;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one rollup run did for one source: the logs' and the tests' figures.
 *
 * @param hours             hours rolled up
 * @param incompleteHours   hours left unwritten because a result came with warnings (retried on the next run)
 * @param unknownSeries     series left out because their device or slice is not in the database yet, over all hours
 * @param unknownNamespaces namespaces that held GPUs but are not research projects yet
 * @param failure           why the run failed, or {@code null}
 */
public record UsageReport(String source, boolean skipped, List<Instant> hours, List<Instant> incompleteHours,
        int rowsWritten, int unknownSeries, Set<String> unknownNamespaces, Duration duration, String failure) {

    /** One hour's outcome. */
    record HourOutcome(Instant hour, boolean complete, int rowsWritten, int unknownSeries,
            Set<String> unknownNamespaces) {

        static HourOutcome incomplete(Instant hour) {
            return new HourOutcome(hour, false, 0, 0, Set.of());
        }
    }

    static UsageReport of(String source, List<HourOutcome> outcomes, Instant started) {
        Set<String> namespaces = new TreeSet<>();
        outcomes.forEach(outcome -> namespaces.addAll(outcome.unknownNamespaces()));
        return new UsageReport(source, false,
                outcomes.stream().filter(HourOutcome::complete).map(HourOutcome::hour).toList(),
                outcomes.stream().filter(outcome -> !outcome.complete()).map(HourOutcome::hour).toList(),
                outcomes.stream().mapToInt(HourOutcome::rowsWritten).sum(),
                outcomes.stream().mapToInt(HourOutcome::unknownSeries).sum(), namespaces,
                Duration.between(started, Instant.now()), null);
    }

    static UsageReport skipped(String source) {
        return new UsageReport(source, true, List.of(), List.of(), 0, 0, Set.of(), Duration.ZERO, null);
    }

    static UsageReport failed(String source, Instant started, Throwable failure) {
        return new UsageReport(source, false, List.of(), List.of(), 0, 0, Set.of(),
                Duration.between(started, Instant.now()),
                failure.getClass().getSimpleName() + ": " + failure.getMessage());
    }
}
