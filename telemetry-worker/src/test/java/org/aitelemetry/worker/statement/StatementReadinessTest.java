package org.aitelemetry.worker.statement;

import static org.aitelemetry.worker.sql.SqlValues.utc;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.statement.StatementGenerator.PeriodReport;
import org.aitelemetry.worker.usage.RollupProgress.SourceProgress;
import org.junit.jupiter.api.Test;

/**
 * Statements wait for the rollups: a period is made only once a rollup run after its end found every hour the metric
 * source still holds of it rolled up; hours beyond the source's retention are not waited for.
 */
@QuarkusTest
@TestProfile(StatementReadinessTest.OneSource.class)
@WithTestResource(PostgresTestResource.class)
class StatementReadinessTest {

    public static class OneSource implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("telemetry.sources.rolling.url", "http://127.0.0.1:9",
                    "telemetry.reports.horizon", "21d");
        }
    }

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** A Wednesday in 2033, years from other tests' statements: due are weeks 2033-W17 to W19 and April. */
    private static final Instant NOW = Instant.parse("2033-05-18T12:00:00Z");
    private static final Instant HORIZON_FROM = Instant.parse("2033-05-09T00:00:00Z");
    private static final Instant MISSING_HOUR = Instant.parse("2033-05-12T05:00:00Z");

    @Inject
    StatementGenerator generator;

    @Inject
    Pool pool;

    @Test
    void aPeriodWaitsUntilEveryHourTheSourceHoldsIsRolledUp() {
        List<PeriodReport> never = generator.generateDue(NOW).await().atMost(WAIT);
        assertThat(never).extracting(report -> report.period().code())
                .containsExactly("2033-W17", "2033-W18", "2033-W19", "2033-04");
        assertThat(never).allSatisfy(report -> {
            assertThat(report.made()).isEmpty();
            assertThat(report.waitingFor()).containsExactly(new SourceProgress("rolling", false, 0, 0));
        });

        // A run after the periods: the source holds from W19 on, and has every hour of it but one.
        sql("UPDATE metric_source SET rollup_checked_at = $2, rollup_horizon_from = $3 WHERE name = $1",
                Tuple.of("rolling", utc(NOW), utc(HORIZON_FROM)));
        sql("""
                INSERT INTO usage_rollup_hour (source_id, hour)
                SELECT s.id, h FROM metric_source s,
                     generate_series($2::timestamptz, $3::timestamptz, interval '1 hour') h
                WHERE s.name = $1 AND h <> $4""",
                Tuple.of("rolling", utc(HORIZON_FROM), utc(NOW.minus(Duration.ofHours(2))), utc(MISSING_HOUR)));

        List<PeriodReport> almost = generator.generateDue(NOW).await().atMost(WAIT);
        assertThat(almost).filteredOn(report -> !report.made().isEmpty())
                .extracting(report -> report.period().code())
                .as("the weeks and the month before the source's horizon owe nothing")
                .containsExactly("2033-W17", "2033-W18", "2033-04");
        assertThat(almost).filteredOn(report -> report.period().code().equals("2033-W19")).singleElement()
                .satisfies(report -> assertThat(report.waitingFor())
                        .containsExactly(new SourceProgress("rolling", true, 168, 167)));

        sql("INSERT INTO usage_rollup_hour (source_id, hour) SELECT id, $2 FROM metric_source WHERE name = $1",
                Tuple.of("rolling", utc(MISSING_HOUR)));
        List<PeriodReport> through = generator.generateDue(NOW).await().atMost(WAIT);
        assertThat(through).filteredOn(report -> !report.made().isEmpty())
                .extracting(report -> report.period().code()).containsExactly("2033-W19");
    }

    private void sql(String statement, Tuple parameters) {
        pool.preparedQuery(statement).execute(parameters).await().atMost(WAIT);
    }
}
