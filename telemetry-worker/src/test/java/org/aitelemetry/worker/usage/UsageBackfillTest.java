package org.aitelemetry.worker.usage;

import static org.aitelemetry.worker.sql.SqlValues.utc;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.aitelemetry.worker.usage.UsageRollupsTest.Expected;
import org.junit.jupiter.api.Test;

/**
 * Acceptance scenario 33b: the source comes back after three days in which nothing was rolled up; the gap, three days
 * of real Prometheus data, is backfilled newest first over several runs of at most a day each, and every hour ends up
 * rolled up exactly once, to the figures of the generating functions.
 */
@QuarkusTest
@TestProfile(UsageBackfillTest.ThreeDayGap.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = SimulatedDayPrometheus.class,
        initArgs = @ResourceArg(name = SimulatedDayPrometheus.DAYS, value = "3"))
class UsageBackfillTest {

    public static class ThreeDayGap implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // 80 h: the three days and the 7 whole hours before them, which have no data.
            return Map.of("telemetry.usage.every", "off", "telemetry.usage.backfill-max", "80h",
                    "telemetry.usage.backfill-hours-per-run", "24",
                    "telemetry.prices.sheet", "classpath:prices/rollup-test.csv");
        }
    }

    private static final int DAYS = 3;
    /** Five minutes after the three days: the last completed hour is the third day's last. */
    private static final Instant NOW = SimulatedDay.at(DAYS * SimulatedDay.MINUTES).plus(Duration.ofMinutes(5));
    private static final Instant LAST_HOUR = NOW.minus(Duration.ofMinutes(65));

    @Inject
    UsageRollups rollups;

    @Inject
    SourceClients sources;

    @Inject
    Pool pool;

    @Inject
    MeterRegistry registry;

    @Inject
    RollupProgress progress;

    @Test
    void aThreeDayGapIsBackfilledInBoundedRunsNewestFirstEveryHourOnce() {
        Map<String, String> names = new HashMap<>();
        new FleetRows(pool).insert(names);

        double countedBefore = rolledUpHoursCounted();
        Instant gapStart = LAST_HOUR.minus(Duration.ofHours(DAYS * 24 - 1));
        Instant gapEnd = LAST_HOUR.plus(Duration.ofHours(1));
        assertThat(progress.of(gapStart, gapEnd).await().atMost(Duration.ofSeconds(30))).as("never rolled up")
                .noneMatch(RollupProgress.SourceProgress::complete);
        List<UsageReport> runs = new ArrayList<>();
        do {
            runs.add(rollups.rollUp(source(), NOW).await().atMost(Duration.ofMinutes(2)));
            if (runs.size() == 1) {
                assertThat(progress(gapStart, gapEnd)).as("the three days owed, the newest day done after one run")
                        .isEqualTo(new RollupProgress.SourceProgress(SimulatedDayPrometheus.SOURCE, true, DAYS * 24,
                                25));
            }
        } while (runs.size() < 10 && runs.get(runs.size() - 1).hours().size() > 1);

        runs.forEach(run -> {
            assertThat(run.failure()).isNull();
            assertThat(run.incompleteHours()).isEmpty();
            assertThat(run.hours()).as("a day at most, and the last completed hour").hasSizeLessThanOrEqualTo(25)
                    .contains(LAST_HOUR);
        });
        assertThat(runs).extracting(run -> run.hours().size()).as("72 + 7 hours, 24 a run besides the last")
                .containsExactly(25, 25, 25, 7, 1);
        assertThat(runs.get(0).hours()).as("newest first")
                .startsWith(LAST_HOUR.minus(Duration.ofHours(24))).endsWith(LAST_HOUR);
        Map<Instant, Long> timesRolledUp = runs.stream().flatMap(run -> run.hours().stream())
                .filter(hour -> !hour.equals(LAST_HOUR))
                .collect(Collectors.groupingBy(hour -> hour, TreeMap::new, Collectors.counting()));
        assertThat(timesRolledUp).hasSize(DAYS * 24 - 1 + 7).allSatisfy((hour, times) -> assertThat(times)
                .as("times %s was rolled up", hour).isEqualTo(1));
        assertThat(runs.get(runs.size() - 1).rowsWritten()).as("the last hour again, unchanged").isZero();

        Map<String, Expected> expected = Expected.ofDays(DAYS);
        Map<String, Row> rows = rows(names);
        assertThat(rows.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
        expected.forEach((key, figures) -> figures.assertMatches(key, rows.get(key)));

        assertThat(progress(gapStart, gapEnd).complete()).as("every hour of the three days marked done").isTrue();
        assertThat(progress(gapEnd.minus(Duration.ofDays(10)), gapEnd).hoursOwed())
                .as("only the 79 whole hours within the 80 h the source holds are owed").isEqualTo(79);
        assertThat(registry.get("telemetry.usage.hours.pending").tag("source", SimulatedDayPrometheus.SOURCE)
                .gauge().value()).isZero();
        assertThat(rolledUpHoursCounted() - countedBefore)
                .isEqualTo(runs.stream().mapToInt(run -> run.hours().size()).sum());

        hoursSinceAPriceChangeAreRolledUpAgainOnce();
    }

    /** A sheet that changes prices from four hours before the last: those hours are recomputed, then done again. */
    private void hoursSinceAPriceChangeAreRolledUpAgainOnce() {
        Instant changedFrom = LAST_HOUR.minus(Duration.ofHours(4));
        Row before = pool.query("SELECT changed_from, changed_at FROM price_sheet WHERE active").execute()
                .await().atMost(Duration.ofSeconds(30)).iterator().next();
        sql("UPDATE price_sheet SET changed_from = $1, changed_at = now() WHERE active", Tuple.of(utc(changedFrom)));
        try {
            UsageReport repricing = rollups.rollUp(source(), NOW).await().atMost(Duration.ofMinutes(2));
            assertThat(repricing.hours()).as("the four hours since the change, and the last")
                    .containsExactly(changedFrom, changedFrom.plus(Duration.ofHours(1)),
                            changedFrom.plus(Duration.ofHours(2)), changedFrom.plus(Duration.ofHours(3)), LAST_HOUR);
            assertThat(rollups.rollUp(source(), NOW).await().atMost(Duration.ofMinutes(2)).hours())
                    .as("re-priced hours are done").containsExactly(LAST_HOUR);
        } finally {
            sql("UPDATE price_sheet SET changed_from = $1, changed_at = $2 WHERE active",
                    Tuple.of(before.getOffsetDateTime("changed_from"), before.getOffsetDateTime("changed_at")));
        }
    }

    private void sql(String statement, Tuple parameters) {
        pool.preparedQuery(statement).execute(parameters).await().atMost(Duration.ofSeconds(30));
    }

    private RollupProgress.SourceProgress progress(Instant start, Instant end) {
        return progress.of(start, end).await().atMost(Duration.ofSeconds(30)).stream()
                .filter(source -> source.source().equals(SimulatedDayPrometheus.SOURCE)).findFirst().orElseThrow();
    }

    /** Counters outlive the application when several start in one JVM: what this test counted is the difference. */
    private double rolledUpHoursCounted() {
        Counter counter = registry.find("telemetry.usage.hours.rolled.up")
                .tag("source", SimulatedDayPrometheus.SOURCE).counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void theRetentionIsReadFromPrometheusItself() {
        // Prometheus 2.42 keeps 15 days unless told otherwise, and says so as "2w1d".
        Optional<Duration> retention = sources.client(source()).retention().await().atMost(Duration.ofSeconds(30));

        assertThat(retention).contains(Duration.ofDays(15));
    }

    private SourceDefinition source() {
        return sources.definitions().stream()
                .filter(definition -> definition.name().equals(SimulatedDayPrometheus.SOURCE))
                .findFirst().orElseThrow();
    }

    private Map<String, Row> rows(Map<String, String> names) {
        Map<String, Row> rows = new TreeMap<>();
        pool.query("SELECT * FROM usage_rollup").execute().await().atMost(Duration.ofSeconds(30)).forEach(row -> {
            String name = names.get(row.getString("entity_kind") + ":" + row.getLong("entity_id"));
            rows.put(Expected.key(name, row.getOffsetDateTime("hour").toInstant()), row);
        });
        return rows;
    }
}
