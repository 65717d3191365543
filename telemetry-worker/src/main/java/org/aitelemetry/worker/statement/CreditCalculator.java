package org.aitelemetry.worker.statement;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.aitelemetry.prometheus.dcgm.MigShare;
import org.aitelemetry.worker.price.PriceSheet;

/**
 * Health credits, without I/O: the time each project's usage sessions spent on a GPU within the credit window before
 * the GPU was found FAILED, at the allocation price in force in each hour, on the statement of the period that
 * contains the failure. A failure's window starts no earlier than the GPU's previous failure, so when two failures
 * of one GPU are closer than the window no time is credited twice; overlapping sessions of a project on one GPU (or
 * slice) count once.
 */
final class CreditCalculator {

    /** A FAILED verdict ({@code gpu_failure}); {@code sku} null when the GPU is not in the inventory. */
    record Failure(long id, String gpuUuid, String node, Instant failedAt, String sku) {
    }

    /** A usage session of a project on a GPU or one of its slices; {@code end} null while it is open. */
    record Session(long projectId, String gpuUuid, Integer gpuInstanceId, String migProfile, Instant start,
            Instant end) {
    }

    /** What a project held on the GPU: the whole GPU, or one slice. */
    private record Unit(long projectId, Integer gpuInstanceId, String migProfile) {
    }

    private static final Comparator<Unit> UNIT_ORDER = Comparator.comparingLong(Unit::projectId)
            .thenComparing(Unit::gpuInstanceId, Comparator.nullsFirst(Comparator.naturalOrder()));

    private static final double SECONDS_PER_HOUR = 3600;

    private final PriceSheet sheet;
    private final Duration window;

    CreditCalculator(PriceSheet sheet, Duration window) {
        this.sheet = sheet;
        this.window = window;
    }

    /**
     * @param failures every failure from {@code window} before the period's start to its end (earlier ones bound
     *                 the windows of those in the period)
     * @param sessions the sessions on those GPUs that overlap that time
     */
    List<HealthCredit> credits(Period period, List<Failure> failures, List<Session> sessions) {
        Map<String, List<Failure>> byGpu = failures.stream().sorted(Comparator.comparing(Failure::failedAt)
                .thenComparing(Failure::id)).collect(Collectors.groupingBy(Failure::gpuUuid, TreeMap::new,
                        Collectors.toList()));
        List<HealthCredit> credits = new ArrayList<>();
        byGpu.forEach((gpu, gpuFailures) -> {
            List<Session> onGpu = sessions.stream().filter(session -> session.gpuUuid().equals(gpu)).toList();
            Instant previous = Instant.MIN;
            for (Failure failure : gpuFailures) {
                Instant from = max(failure.failedAt().minus(window), previous);
                previous = failure.failedAt();
                if (!failure.failedAt().isBefore(period.start()) && failure.failedAt().isBefore(period.end())) {
                    credits.addAll(credit(failure, from, onGpu));
                }
            }
        });
        return credits;
    }

    private List<HealthCredit> credit(Failure failure, Instant from, List<Session> sessions) {
        Map<Unit, List<Session>> byUnit = sessions.stream().collect(Collectors.groupingBy(
                session -> new Unit(session.projectId(), session.gpuInstanceId(), session.migProfile()),
                () -> new TreeMap<>(UNIT_ORDER), Collectors.toList()));
        Map<Long, Part> byProject = new TreeMap<>();
        byUnit.forEach((unit, unitSessions) -> union(unitSessions, from, failure.failedAt()).forEach(span ->
                byProject.merge(unit.projectId(), new Part(seconds(span[0], span[1]) / SECONDS_PER_HOUR,
                        amount(unit, failure.sku(), span[0], span[1])), Part::plus)));
        List<HealthCredit> credits = new ArrayList<>();
        byProject.forEach((project, part) -> credits.add(new HealthCredit(project, failure.id(), failure.gpuUuid(),
                failure.node(), failure.failedAt(), part.hours(), Figures.money(BigDecimal.valueOf(part.amount())))));
        return credits;
    }

    private record Part(double hours, double amount) {

        Part plus(Part other) {
            return new Part(hours + other.hours, amount + other.amount);
        }
    }

    /** The sessions' time inside [from, to), overlaps merged, in order. */
    private static List<Instant[]> union(List<Session> sessions, Instant from, Instant to) {
        List<Instant[]> spans = sessions.stream()
                .map(session -> new Instant[] {max(session.start(), from),
                        min(Objects.requireNonNullElse(session.end(), to), to)})
                .filter(span -> span[0].isBefore(span[1]))
                .sorted(Comparator.comparing(span -> span[0])).toList();
        List<Instant[]> merged = new ArrayList<>();
        for (Instant[] span : spans) {
            Instant[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && !span[0].isAfter(last[1])) {
                last[1] = max(last[1], span[1]);
            } else {
                merged.add(span.clone());
            }
        }
        return merged;
    }

    /** Each hour of the span at the price in force in it: prices change on the hour. */
    private double amount(Unit unit, String sku, Instant from, Instant to) {
        double amount = 0;
        for (Instant cursor = from; cursor.isBefore(to); ) {
            Instant hour = cursor.truncatedTo(ChronoUnit.HOURS);
            Instant next = min(hour.plus(Duration.ofHours(1)), to);
            amount += seconds(cursor, next) / SECONDS_PER_HOUR * hourPrice(unit, sku == null ? "" : sku, hour);
            cursor = next;
        }
        return amount;
    }

    /** A whole GPU's price per GPU-hour; a slice's profile price, or its share of its GPU's. */
    private double hourPrice(Unit unit, String sku, Instant hour) {
        if (unit.gpuInstanceId() == null || unit.migProfile() == null) {
            return sheet.gpuHourPrice(sku, hour);
        }
        return sheet.sliceHourPrice(sku, unit.migProfile(), hour).orElseGet(() ->
                MigShare.of(unit.migProfile(), sku).orElse(1) * sheet.gpuHourPrice(sku, hour));
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toNanos() / 1e9;
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
