package org.aitelemetry.worker.source;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Which cycle of a scheduled kind of work it is: a slot of epoch time one interval long, {@code floor(epoch millis /
 * interval)}. The scheduler fires every replica once per interval, each at its own phase, so each replica meets each
 * slot once; a slot, unlike a replica's own count of its firings, means the same cycle on every replica. Work that is
 * not scheduled ({@code off}: run by hand or by a test) has no slots.
 */
public final class CycleSlots {

    private final Optional<Duration> interval;
    private final Clock clock;

    private CycleSlots(Optional<Duration> interval, Clock clock) {
        interval.filter(every -> every.isZero() || every.isNegative()).ifPresent(every -> {
            throw new IllegalArgumentException("a cycle's interval must be positive, not " + every);
        });
        this.interval = interval;
        this.clock = clock;
    }

    /** @param every the job's {@code every}, as the Quarkus scheduler reads it ({@code 60s}, {@code 1h}, {@code off}) */
    public static CycleSlots every(String every, Clock clock) {
        return new CycleSlots(interval(every), clock);
    }

    /** The current slot; empty when the work is not scheduled. */
    public OptionalLong current() {
        return interval.map(every -> OptionalLong.of(Math.floorDiv(clock.millis(), every.toMillis())))
                .orElseGet(OptionalLong::empty);
    }

    /** When a slot begins; only for scheduled work. */
    public Instant start(long slot) {
        return Instant.ofEpochMilli(Math.multiplyExact(slot, interval.orElseThrow().toMillis()));
    }

    public Instant now() {
        return clock.instant();
    }

    /** The scheduler's reading: {@code off} or {@code disabled}, a number with a unit (PT is implied), or ISO-8601. */
    private static Optional<Duration> interval(String every) {
        String value = every.trim().toLowerCase(Locale.ROOT);
        if (value.equals("off") || value.equals("disabled")) {
            return Optional.empty();
        }
        if (!value.isEmpty() && Character.isDigit(value.charAt(0))) {
            value = value.endsWith("d") ? "P" + value : "PT" + value;
        }
        return Optional.of(Duration.parse(value));
    }
}
