package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReportsBenchmarkPartsTest {

    @Test
    void defaultsAreTheAcceptanceRun() {
        assertThat(ReportsOptions.parse(new String[0]))
                .isEqualTo(new ReportsOptions(ReportsOptions.ACCEPTANCE, 365, 36, 400, false));
        assertThat(ReportsOptions.ACCEPTANCE.gpus()).isEqualTo(10_000);
        assertThat(ReportsOptions.ACCEPTANCE.projects()).isEqualTo(500);
        assertThat(ReportsOptions.parse(new String[] {"--smoke", "--downloads", "12"}))
                .isEqualTo(new ReportsOptions(ReportsOptions.SMOKE, 40, 36, 12, true));
    }

    @Test
    void refusesAHorizonBeyondTheSeededDays() {
        assertThatThrownBy(() -> ReportsOptions.parse(new String[] {"--days", "60", "--horizon", "60"}))
                .hasMessageContaining("--horizon must be below --days");
        assertThatThrownBy(() -> ReportsOptions.parse(new String[] {"--weeks"})).hasMessageContaining("unknown option");
    }

    /** As the worker's statement job reckons them: ended 2 h ago or more, and ending within the horizon. */
    @ParameterizedTest(name = "{0}, {1} days back: {2} weeks, {3} months")
    @CsvSource({
        // A Wednesday: the weeks ending Mon 11-23, 11-16, 11-09, 11-02, 10-26 and the month ending 11-01.
        "2026-11-25T12:00:00Z, 36, 5, 1",
        // Monday 01:00: the week that ended an hour ago is not due yet.
        "2026-11-23T01:00:00Z, 8, 1, 0",
        "2026-11-23T02:00:00Z, 8, 2, 0",
        // The first of the month at 03:00: the month just ended is due.
        "2026-12-01T03:00:00Z, 8, 1, 1"})
    void duePeriodsAreCountedAsTheWorkerDoes(Instant now, int days, int weeks, int months) {
        assertThat(DuePeriods.of(now, Duration.ofHours(2), Duration.ofDays(days)))
                .isEqualTo(new DuePeriods(weeks, months));
    }

    @Test
    void aTimerIsReadByItsLabel() {
        String exposition = """
                telemetry_statements_round_seconds_count{period="WEEK"} 5.0
                telemetry_statements_round_seconds_sum{period="WEEK"} 20.0
                telemetry_statements_round_seconds_max{period="WEEK"} 6.5
                telemetry_statements_round_seconds_count{period="MONTH"} 1.0
                telemetry_statements_round_seconds_sum{period="MONTH"} 9.0
                """;

        assertThat(WorkerTimer.parse(exposition, ReportsBenchmark.ROUND_TIMER, "period=\"WEEK\""))
                .contains(new WorkerTimer(5, 20, 6.5));
        assertThat(WorkerTimer.parse(exposition, ReportsBenchmark.ROUND_TIMER, "period=\"MONTH\"").orElseThrow()
                .mean()).isEqualTo(9.0);
        assertThat(WorkerTimer.parse(exposition, ReportsBenchmark.RETENTION_TIMER, "")).isEmpty();
    }
}
