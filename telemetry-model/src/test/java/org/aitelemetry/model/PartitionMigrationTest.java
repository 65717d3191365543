package org.aitelemetry.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.assertj.core.data.Offset;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * V17 on a database that already holds data: the rows of the tables it partitions survive with their ids, the
 * identities go on past them, the children carry their batch's arrival and the daily rollups are summed from the
 * hourly rows already there.
 */
class PartitionMigrationTest {

    private static PostgresComponent postgres;
    private static String url;

    @BeforeAll
    static void migrateAnOldDatabaseWithData() throws IOException, SQLException {
        postgres = new PostgresComponent(Workspace.fromSystemProperties(), "postgres-partition-migration");
        postgres.start();
        url = postgres.jdbcUrl(postgres.createDatabase("partitions"));
        flyway().target("16").load().migrate();
        for (String insert : new String[] {
                "INSERT INTO metric_source (name, url, auth_mode) VALUES ('hub', 'https://obs.example.org', 'MTLS')",
                "INSERT INTO ai_cluster (source_id, name) VALUES (1, 'cluster-a')",
                "INSERT INTO alert_batch (id, received_at, receiver, status, alert_count)"
                        + " VALUES (41, '2025-06-03T10:00:00Z', 'r', 'FIRING', 2), (42, now(), 'r', 'FIRING', 1)",
                "INSERT INTO alert_notification (id, batch_id, fingerprint, status, starts_at, labels, processed_at)"
                        + " VALUES (7, 41, 'a', 'FIRING', '2020-01-01T00:00:00Z', '{}', now()),"
                        + " (8, 41, 'b', 'FIRING', '2025-06-03T09:00:00Z', '{}', NULL),"
                        + " (9, 42, 'c', 'FIRING', now(), '{}', NULL)",
                "INSERT INTO usage_rollup (id, entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated,"
                        + " utilization_avg, cost, usage_basis_cost)"
                        + " VALUES (100, 'PROJECT', 5, '2026-11-20T10:00:00Z', 1, 3600, 50, 2.5, 1.25),"
                        + " (101, 'PROJECT', 5, '2026-11-20T11:00:00Z', 1, 1800, 100, 1.25, 1.25),"
                        + " (102, 'PROJECT', 5, '2026-11-21T00:00:00Z', 1, 3600, NULL, 2.5, 0)"}) {
            execute(insert);
        }
        flyway().load().migrate();
    }

    @AfterAll
    static void stopPostgres() {
        postgres.close();
    }

    @Test
    void rowsSurviveWithTheirIdsAndChildrenCarryTheirBatchsArrival() throws SQLException {
        assertThat(number("SELECT count(*) FROM alert_batch WHERE id IN (41, 42)")).isEqualTo(2);
        assertThat(number("SELECT count(*) FROM alert_notification n JOIN alert_batch b ON b.id = n.batch_id"
                + " AND b.received_at = n.received_at")).isEqualTo(3);
        assertThat(number("SELECT count(*) FROM alert_pending")).as("the unprocessed ones queued for sessions (V27)")
                .isEqualTo(2);
        assertThat(number("SELECT count(*) FROM alert_pending p JOIN alert_notification n ON n.id = p.notification_id"
                + " AND n.received_at = p.received_at WHERE n.id IN (8, 9) AND p.shard = hashtext(n.fingerprint) & 3"))
                .isEqualTo(2);
        assertThat(number("SELECT count(*) FROM alert_batch_202506")).as("a month before 2026 got its partition")
                .isEqualTo(1);
        assertThat(number("SELECT count(*) FROM usage_rollup WHERE id BETWEEN 100 AND 102")).isEqualTo(3);
    }

    @Test
    void identitiesGoOnPastTheCopiedIds() throws SQLException {
        assertThat(number("INSERT INTO alert_batch (receiver, status, alert_count) VALUES ('r', 'FIRING', 0)"
                + " RETURNING id")).isGreaterThan(42);
        assertThat(number("INSERT INTO alert_notification (batch_id, received_at, fingerprint, status, starts_at,"
                + " labels) SELECT 42, received_at, 'd', 'FIRING', now(), '{}' FROM alert_batch WHERE id = 42"
                + " RETURNING id")).isGreaterThan(9);
        assertThat(number("INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id)"
                + " VALUES ('DEVICE', 1, '2026-11-22T00:00:00Z', 1) RETURNING id")).isGreaterThan(102);
    }

    @Test
    void dailyRollupsAreSummedFromTheHourlyRows() throws SQLException {
        assertThat(number("SELECT hours FROM usage_rollup_daily WHERE day = '2026-11-20'")).isEqualTo(2);
        assertThat(decimal("SELECT gpu_seconds_allocated FROM usage_rollup_daily WHERE day = '2026-11-20'"))
                .isEqualTo(5400);
        assertThat(decimal("SELECT utilization_avg FROM usage_rollup_daily WHERE day = '2026-11-20'"))
                .as("weighted by allocated time").isCloseTo(66.667, Offset.offset(0.001));
        assertThat(decimal("SELECT cost + usage_basis_cost FROM usage_rollup_daily WHERE day = '2026-11-20'"))
                .isEqualTo(6.25);
        assertThat(number("SELECT count(*) FROM usage_rollup_daily WHERE day = '2026-11-21'"
                + " AND utilization_avg IS NULL")).isEqualTo(1);
    }

    @Test
    void aDayIsRewrittenOnlyWhenOneOfItsHoursChanged() throws SQLException {
        assertThat(number("SELECT refresh_usage_rollup_daily('2026-11-20', NULL, NULL)")).isZero();
        execute("INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id, cost)"
                + " VALUES ('PROJECT', 6, '2026-11-24T05:00:00Z', 1, 1.5)");
        assertThat(number("SELECT refresh_usage_rollup_daily('2026-11-24', ARRAY['PROJECT'], ARRAY[6::bigint])"))
                .isEqualTo(1);

        execute("UPDATE usage_rollup SET cost = 3.5 WHERE entity_id = 6");
        assertThat(number("SELECT refresh_usage_rollup_daily('2026-11-24', ARRAY['DEVICE'], ARRAY[6::bigint])"))
                .as("another entity's day").isZero();
        assertThat(number("SELECT refresh_usage_rollup_daily('2026-11-24', ARRAY['PROJECT'], ARRAY[6::bigint])"))
                .isEqualTo(1);
        assertThat(decimal("SELECT cost FROM usage_rollup_daily WHERE entity_id = 6")).isEqualTo(3.5);
    }

    private static FluentConfiguration flyway() {
        return Flyway.configure().dataSource(url, PostgresComponent.USER, PostgresComponent.PASSWORD)
                .locations("classpath:db/migration").failOnMissingLocations(true);
    }

    private static void execute(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, PostgresComponent.USER, PostgresComponent.PASSWORD);
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static long number(String query) throws SQLException {
        return (long) decimal(query);
    }

    private static double decimal(String query) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, PostgresComponent.USER, PostgresComponent.PASSWORD);
                Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(query)) {
            rows.next();
            return rows.getDouble(1);
        }
    }
}
