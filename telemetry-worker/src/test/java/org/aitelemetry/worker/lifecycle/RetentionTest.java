package org.aitelemetry.worker.lifecycle;

import static org.aitelemetry.worker.lifecycle.LifecycleRows.monthsAgo;
import static org.aitelemetry.worker.lifecycle.LifecycleRows.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.statement.StatementConfig;
import org.aitelemetry.worker.usage.UsageConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Retention against real PostgreSQL, with the default settings: each table loses exactly its months (or rows) past
 * the cut-off, never what is still in flight; set {@code off}, a table keeps everything.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class RetentionTest {

    private static final Instant NOW = Instant.now();
    /** A device id no other test's rollups use. */
    private static final long ENTITY = 987_654;
    /** Alert bodies: 30 days. */
    private static final Instant OLD_ALERTS = monthsAgo(NOW, 3);
    private static final Instant IN_FLIGHT_ALERTS = monthsAgo(NOW, 4);
    /** Hourly rollups: 90 days. */
    private static final Instant OLD_HOUR = monthsAgo(NOW, 5);
    private static final Instant RECENT_HOUR = monthsAgo(NOW, 1);
    /** Daily rollups, sessions and probe runs: 13 months. */
    private static final Instant OLD_DAY = monthsAgo(NOW, 14);
    private static final Instant KEPT_DAY = monthsAgo(NOW, 12);

    private static RetentionReport offReport;
    private static List<Boolean> oldPartitionsAfterOff;
    private static RetentionReport report;
    private static RetentionReport statementsReport;

    @Inject
    Pool pool;

    @Inject
    Retention retention;

    @Inject
    RetentionMetrics metrics;

    @Inject
    MeterRegistry registry;

    @Inject
    MonthlyPartitions partitions;

    @Inject
    StatementConfig reports;

    @Inject
    UsageConfig usage;

    private LifecycleRows rows;

    @BeforeEach
    void seedAndRunOnce() {
        rows = new LifecycleRows(pool);
        if (report != null) {
            return;
        }
        long[] fleet = rows.clusterWithNode("retention");
        rows.alertBatch("old", OLD_ALERTS, 3, true);
        rows.alertBatch("in-flight", IN_FLIGHT_ALERTS, 2, false);
        rows.alertBatch("current", NOW, 2, false);
        rows.hourlyRollup(fleet[0], ENTITY, OLD_HOUR);
        rows.hourlyRollup(fleet[0], ENTITY, RECENT_HOUR);
        rows.rollupMark(fleet[0], OLD_HOUR);
        rows.rollupMark(fleet[0], RECENT_HOUR);
        rows.ensureMonth("usage_rollup_daily", OLD_DAY);
        rows.ensureMonth("usage_rollup_daily", KEPT_DAY);
        rows.dailyRollup(fleet[0], ENTITY, OLD_DAY);
        rows.dailyRollup(fleet[0], ENTITY, KEPT_DAY);
        rows.session("fp-exported", OLD_DAY, "FINAL", "EXPORTED");
        rows.session("fp-unexported", OLD_DAY, "FINAL", "PENDING");
        rows.session("fp-open", OLD_DAY, "OPEN", "NOT_READY");
        rows.session("fp-recent", KEPT_DAY, "FINAL", "EXPORTED");
        rows.probeRun("00000000-0000-4000-8000-000000000001", fleet[1], monthsAgo(NOW, 16));
        rows.probeRun("00000000-0000-4000-8000-000000000002", fleet[1], OLD_DAY);
        rows.probeRun("00000000-0000-4000-8000-000000000003", null, OLD_DAY);
        rows.mail("retention:sent", "SENT", OLD_ALERTS);
        rows.mail("retention:failed", "FAILED", OLD_ALERTS);
        rows.mail("retention:pending", "PENDING", OLD_ALERTS);
        rows.mail("retention:recent", "SENT", NOW);
        rows.idleNotice("old", OLD_DAY);
        rows.idleNotice("kept", KEPT_DAY);
        rows.fleetStatement(OLD_DAY);
        rows.fleetStatement(KEPT_DAY);

        offReport = new Retention(pool, new AllOff(), metrics, reports, usage).runOnce(NOW).await().indefinitely();
        oldPartitionsAfterOff = oldPartitions().stream().map(rows::exists).toList();
        report = retention.runOnce(NOW).await().indefinitely();
        statementsReport = new Retention(pool, new StatementsFor13Months(), metrics, reports, usage).runOnce(NOW)
                .await().indefinitely();
    }

    @Test
    void offKeepsEverything() {
        assertThat(offReport.ran()).isTrue();
        assertThat(offReport.tables()).allSatisfy(outcome -> {
            assertThat(outcome.dropped()).isEmpty();
            assertThat(outcome.rowsDropped()).isZero();
        });
        assertThat(oldPartitionsAfterOff).containsOnly(true);
    }

    @Test
    void alertBodiesLoseTheirOldMonthsButNotOneStillInFlight() {
        TableOutcome alerts = report.table("alert_batch");
        assertThat(alerts.dropped()).contains(partition("alert_notification", OLD_ALERTS),
                partition("alert_batch", OLD_ALERTS));
        assertThat(alerts.rowsDropped()).as("the old batch and its three notifications").isEqualTo(4);
        assertThat(alerts.skipped()).containsExactly(partition("alert_notification", IN_FLIGHT_ALERTS),
                partition("alert_batch", IN_FLIGHT_ALERTS));
        assertThat(rows.exists(partition("alert_batch", OLD_ALERTS))).isFalse();
        assertThat(rows.count("SELECT count(*) FROM alert_batch WHERE receiver = 'old'")).isZero();
        assertThat(rows.count("SELECT count(*) FROM alert_notification n JOIN alert_batch b ON b.id = n.batch_id"
                + " AND b.received_at = n.received_at WHERE b.receiver IN ('in-flight', 'current')")).isEqualTo(4);
        assertThat(alerts.dropped()).doesNotContain(partition("alert_batch", monthsAgo(NOW, 1)),
                partition("alert_batch", NOW));
    }

    @Test
    void rollupsLoseExactlyTheMonthsPastTheirRetention() {
        assertThat(report.table("usage_rollup").dropped()).contains(partition("usage_rollup", OLD_HOUR))
                .doesNotContain(partition("usage_rollup", monthsAgo(NOW, 2)), partition("usage_rollup", RECENT_HOUR));
        assertThat(report.table("usage_rollup").rowsDropped()).isEqualTo(1);
        assertThat(rows.count("SELECT count(*) FROM usage_rollup WHERE entity_id = " + ENTITY)).isEqualTo(1);
        assertThat(report.table("usage_rollup_daily").dropped()).containsExactly(partition("usage_rollup_daily",
                OLD_DAY));
        assertThat(rows.count("SELECT count(*) FROM usage_rollup_daily WHERE entity_id = " + ENTITY)).isEqualTo(1);
        assertThat(report.table("usage_rollup_hour").rowsDropped()).as("the old hour's mark goes with its rows")
                .isEqualTo(1);
        assertThat(rows.count("SELECT count(*) FROM usage_rollup_hour h JOIN ai_cluster c ON c.source_id = h.source_id"
                + " WHERE c.name = 'retention'")).isEqualTo(1);
    }

    @Test
    void sessionsGoOnlyOnceFinalAndExported() {
        assertThat(report.table("usage_session").rowsDropped()).isEqualTo(1);
        assertThat(report.table("usage_session").rowsKept()).isEqualTo(2);
        assertThat(rows.count("SELECT count(*) FROM usage_session WHERE fingerprint LIKE 'fp-%'")).isEqualTo(3);
        assertThat(rows.count("SELECT count(*) FROM usage_session WHERE fingerprint = 'fp-exported'")).isZero();
    }

    @Test
    void probeRunsGoButANodesNewestStays() {
        assertThat(report.table("probe_run").rowsDropped()).isEqualTo(2);
        assertThat(rows.count("SELECT count(*) FROM probe_run WHERE run_id = '00000000-0000-4000-8000-000000000002'"))
                .isEqualTo(1);
    }

    @Test
    void mailGoesOnceSentOrRefusedButPendingMailStays() {
        assertThat(report.table("mail_outbox").rowsDropped()).isEqualTo(2);
        assertThat(rows.count("SELECT count(*) FROM mail_outbox WHERE dedupe_key LIKE 'retention:%'")).isEqualTo(2);
        assertThat(rows.count("SELECT count(*) FROM mail_outbox WHERE dedupe_key IN ('retention:pending',"
                + " 'retention:recent')")).isEqualTo(2);
    }

    @Test
    void idleNoticesGoWithTheirGpus() {
        assertThat(report.table("idle_notice").rowsDropped()).isEqualTo(1);
        assertThat(rows.count("SELECT count(*) FROM idle_notice WHERE cluster_name = 'retention'")).isEqualTo(1);
        assertThat(rows.count("SELECT count(*) FROM idle_notice_gpu WHERE gpu_uuid = 'GPU-retention'")).isEqualTo(1);
    }

    @Test
    void statementsAreKeptUnlessARetentionIsSet() {
        assertThat(report.table("statement").rowsDropped()).as("off by default").isZero();
        assertThat(statementsReport.table("statement").rowsDropped()).isEqualTo(1);
        assertThat(rows.count("SELECT count(*) FROM statement WHERE subject_key = 'retention'")).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}={1} with {2}={3}")
    @CsvSource({
        "statements, 30d, telemetry.reports.horizon, 42",
        "hourly-rollups, 40d, telemetry.reports.horizon, 42",
        "hourly-rollups, 1months, telemetry.usage.backfill-max, 35"})
    void aRetentionShorterThanWhatAnotherJobReachesBackToStopsTheStart(String setting, String value,
            String reachSetting, long reachDays) {
        RetentionConfig config = new StatementsFor13Months() {
            @Override
            public String statements() {
                return setting.equals("statements") ? value : super.statements();
            }

            @Override
            public String hourlyRollups() {
                return setting.equals("hourly-rollups") ? value : super.hourlyRollups();
            }
        };

        assertThatThrownBy(() -> new Retention(pool, config, metrics, reports, usage))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("telemetry.retention." + setting)
                .hasMessageContaining(reachSetting + " (" + reachDays + " days)");
    }

    @Test
    void dropsAndSkipsAreCountedPerTable() {
        assertThat(registry.get("telemetry.retention.partitions.dropped").tag("table", "usage_rollup_daily").counter()
                .count()).isEqualTo(1);
        assertThat(registry.get("telemetry.retention.partitions.skipped").tag("table", "alert_batch").counter()
                .count()).isEqualTo(2);
        assertThat(registry.get("telemetry.retention.rows.dropped").tag("table", "usage_session").counter()
                .count()).isEqualTo(1);
    }

    @Test
    void partitionsAreKeptMonthsAhead() {
        Instant later = monthsAgo(NOW, -6);
        List<String> made = partitions.ensureAhead(later).await().indefinitely();

        assertThat(made).contains("alert_batch " + monthsAgo(NOW, -9).toString().substring(0, 8) + "01");
        assertThat(rows.exists(partition("alert_notification", monthsAgo(NOW, -9)))).isTrue();
        assertThat(rows.exists(partition("usage_rollup_daily", monthsAgo(NOW, -9)))).isTrue();
        assertThat(partitions.ensureAhead(later).await().indefinitely()).as("made once").isEmpty();
    }

    private static List<String> oldPartitions() {
        return List.of(partition("alert_batch", OLD_ALERTS), partition("usage_rollup", OLD_HOUR),
                partition("usage_rollup_daily", OLD_DAY));
    }

    /** Every table kept forever. */
    private static class AllOff implements RetentionConfig {
        @Override
        public String every() {
            return "off";
        }

        @Override
        public String firstDelay() {
            return "1s";
        }

        @Override
        public String partitionsEvery() {
            return "off";
        }

        @Override
        public int monthsAhead() {
            return 3;
        }

        @Override
        public String alertBodies() {
            return "off";
        }

        @Override
        public String hourlyRollups() {
            return "off";
        }

        @Override
        public String dailyRollups() {
            return "off";
        }

        @Override
        public String sessions() {
            return "off";
        }

        @Override
        public String probeResults() {
            return "off";
        }

        @Override
        public String sentMail() {
            return "off";
        }

        @Override
        public String idleNotices() {
            return "off";
        }

        @Override
        public String statements() {
            return "off";
        }

        @Override
        public int deleteBatch() {
            return 100;
        }
    }

    /** Statements kept 13 months, everything else forever. */
    private static class StatementsFor13Months extends AllOff {
        @Override
        public String statements() {
            return "13months";
        }
    }
}
