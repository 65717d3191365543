package org.aitelemetry.devkit.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.aitelemetry.devkit.Workspace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PostgresComponentTest {

    @TempDir
    Path workspaceDir;

    @Test
    void startsTwiceInARowOnDifferentPortsAndLeavesNoProcessBehind() throws Exception {
        Workspace workspace = new Workspace(workspaceDir);
        PostgresComponent first = new PostgresComponent(workspace, "first");
        PostgresComponent second = new PostgresComponent(workspace, "second");
        long firstPid = startAndQuery(first);
        first.close();
        long secondPid = startAndQuery(second);
        second.close();

        assertThat(first.port()).isNotEqualTo(second.port());
        assertThat(firstPid).isNotEqualTo(secondPid);
        awaitGone(firstPid);
        awaitGone(secondPid);
        assertThat(workspaceDir.resolve("first/data")).doesNotExist();
        assertThat(workspaceDir.resolve("first/first.log")).exists();
    }

    @Test
    void restartKeepsPortAndData() throws Exception {
        try (PostgresComponent postgres = new PostgresComponent(new Workspace(workspaceDir))) {
            postgres.start();
            String database = postgres.createDatabase("kept");
            execute(postgres.jdbcUrl(database), "CREATE TABLE marker (id int); INSERT INTO marker VALUES (42)");
            int port = postgres.port();

            postgres.stop();
            assertThat(postgres.isRunning()).isFalse();
            assertThat(canConnect(postgres.jdbcUrl(database))).isFalse();
            postgres.start();

            assertThat(postgres.port()).isEqualTo(port);
            assertThat(queryInt(postgres.jdbcUrl(database), "SELECT id FROM marker")).isEqualTo(42);
        }
    }

    @Test
    void createdDatabasesAreSeparate() throws Exception {
        try (PostgresComponent postgres = new PostgresComponent(new Workspace(workspaceDir))) {
            postgres.start();
            String one = postgres.createDatabase("iso");
            String two = postgres.createDatabase("iso");
            execute(postgres.jdbcUrl(one), "CREATE TABLE only_here (id int)");

            assertThat(one).isNotEqualTo(two);
            assertThat(queryInt(postgres.jdbcUrl(two),
                    "SELECT count(*) FROM information_schema.tables WHERE table_name = 'only_here'")).isZero();
        }
    }

    @Test
    void serverSettingsTakeEffectAndDefaultsStayPostgresOwn() throws Exception {
        Workspace workspace = new Workspace(workspaceDir);
        try (PostgresComponent sized = new PostgresComponent(workspace, "sized", Map.of("shared_buffers", "160MB"));
                PostgresComponent plain = new PostgresComponent(workspace, "plain")) {
            sized.start();
            plain.start();

            assertThat(queryText(sized.jdbcUrl(sized.createDatabase("sized")), "SHOW shared_buffers"))
                    .isEqualTo("160MB");
            assertThat(queryText(plain.jdbcUrl(plain.createDatabase("plain")), "SHOW shared_buffers"))
                    .isEqualTo("128MB");
        }
    }

    private static long startAndQuery(PostgresComponent postgres) throws Exception {
        postgres.start();
        String database = postgres.createDatabase("probe");
        assertThat(queryInt(postgres.jdbcUrl(database), "SELECT 1")).isEqualTo(1);
        long pid = postgres.serverPid().orElseThrow();
        assertThat(ProcessHandle.of(pid)).hasValueSatisfying(handle -> assertThat(handle.isAlive()).isTrue());
        return pid;
    }

    private static void awaitGone(long pid) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && Instant.now().isBefore(deadline)) {
            Thread.sleep(50);
        }
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("postmaster %d still alive", pid).isEmpty();
    }

    private static boolean canConnect(String jdbcUrl) {
        try (Connection ignored = connect(jdbcUrl)) {
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    private static void execute(String jdbcUrl, String sql) throws SQLException {
        try (Connection connection = connect(jdbcUrl); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static int queryInt(String jdbcUrl, String sql) throws SQLException {
        try (Connection connection = connect(jdbcUrl); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getInt(1);
        }
    }

    private static String queryText(String jdbcUrl, String sql) throws SQLException {
        try (Connection connection = connect(jdbcUrl); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getString(1);
        }
    }

    private static Connection connect(String jdbcUrl) throws SQLException {
        return DriverManager.getConnection(jdbcUrl, PostgresComponent.USER, PostgresComponent.PASSWORD);
    }
}
