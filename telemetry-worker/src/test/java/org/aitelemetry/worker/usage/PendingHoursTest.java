package org.aitelemetry.worker.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PendingHoursTest {

    private static final Instant DAY = Instant.parse("2026-03-02T00:00:00Z");

    /**
     * Hours are written as hours of {@link #DAY} (negative: the day before), lists separated by spaces; {@code waiting}
     * are hours in their retry delay.
     */
    @ParameterizedTest(name = "[{index}] now {0}, horizon {1}, done [{2}], waiting [{3}], {4} per run")
    @CsvSource(delimiter = '|', value = {
        // now  | horizon | done         | waiting | per run | rolled up now        | gap
        "10:07  | PT3H    |              |         | 24      | 8 9                  | 1",  // 07:00 is partly beyond
        "10:00  | PT3H    |              |         | 24      | 7 8 9                | 2",
        "10:07  | PT4H    | 7 8 9        |         | 24      | 9                    | 0",  // the last is always redone
        "10:07  | PT4H    | 8            |         | 24      | 7 9                  | 1",
        "10:00  | PT1H    |              |         | 24      | 9                    | 0",  // never the current hour
        "10:07  | PT1H    |              |         | 24      |                      | 0",  // the last is partly beyond
        "10:00  | PT10H   |              |         | 3       | 6 7 8 9              | 9",  // newest first
        "10:00  | PT10H   | 8 7          |         | 3       | 4 5 6 9              | 7",
        "10:00  | PT10H   |              | 8 6     | 3       | 4 5 7 9              | 9",  // waiting ones are passed
        "10:00  | PT10H   |              | 8 7 6 5 4 3 2 1 0 | 3 | 9              | 9",  // nothing to take now
        "02:00  | PT5H    | -3           |         | 2       | -1 0 1               | 3",  // across midnight
        "10:00  | PT840H  | 0 1 2 3 4 5 6 7 8 | | 2      | -2 -1 9              | 830", // 35 days, all but today
    })
    void hoursOfAGapAreTakenNewestFirstInBoundedChunks(String now, Duration horizon, String done, String waiting,
            int perRun, String expected, int gap) {
        Set<Instant> waitingHours = Set.copyOf(hours(waiting));

        PendingHours pending = PendingHours.of(at(now), horizon, Set.copyOf(hours(done)), waitingHours::contains,
                perRun);

        assertThat(pending.hours()).containsExactlyElementsOf(hours(expected));
        assertThat(pending.gap()).isEqualTo(gap);
    }

    private static Instant at(String time) {
        return Instant.parse("2026-03-02T" + time + ":00Z");
    }

    private static List<Instant> hours(String hours) {
        if (hours == null) {
            return List.of();
        }
        return Arrays.stream(hours.trim().split("\\s+"))
                .map(hour -> DAY.plus(Duration.ofHours(Integer.parseInt(hour))))
                .collect(Collectors.toList());
    }
}
