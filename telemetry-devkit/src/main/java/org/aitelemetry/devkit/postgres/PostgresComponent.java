package org.aitelemetry.devkit.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.aitelemetry.devkit.Component;
import org.aitelemetry.devkit.FileTrees;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;

/**
 * A real PostgreSQL server from zonky's embedded binaries: nothing to install, runs as root, listens on loopback only.
 * The port and data folder survive {@link #stop()} so a test can take the database away and bring it back.
 */
public final class PostgresComponent implements Component {

    public static final String USER = "postgres";
    /** Embedded PostgreSQL trusts loopback connections; the password only satisfies clients that insist on one. */
    public static final String PASSWORD = "postgres";

    private static final AtomicInteger DATABASE_COUNTER = new AtomicInteger();

    private final Workspace workspace;
    private final String name;
    private final Path dataDir;
    private final Map<String, String> serverConfig;
    private int port;
    private EmbeddedPostgres server;

    /** A server with PostgreSQL's own defaults (e.g. {@code shared_buffers=128MB}), as the tests use it. */
    public PostgresComponent(Workspace workspace, String name) {
        this(workspace, name, Map.of());
    }

    /** A server with these settings ({@code postgresql.conf} names and values) on top of the defaults. */
    public PostgresComponent(Workspace workspace, String name, Map<String, String> serverConfig) {
        this.workspace = workspace;
        this.name = name;
        this.dataDir = workspace.dir(name).resolve("data");
        this.serverConfig = Map.copyOf(serverConfig);
    }

    public PostgresComponent(Workspace workspace) {
        this(workspace, "postgres");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public synchronized void start() throws IOException {
        if (server != null) {
            return;
        }
        if (port == 0) {
            // First start of this component: whatever a crashed earlier run left in the folder is not ours to reuse.
            FileTrees.deleteRecursively(dataDir);
            port = LoopbackPorts.free();
        }
        Redirect log = Redirect.appendTo(workspace.logFile(name).toFile());
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
        serverConfig.forEach(builder::setServerConfig);
        server = builder
                .setPort(port)
                .setDataDirectory(dataDir)
                .setCleanDataDirectory(false)
                .setServerConfig("listen_addresses", "127.0.0.1")
                .setPGStartupWait(Duration.ofSeconds(30))
                .setOutputRedirector(log)
                .setErrorRedirector(log)
                .start();
    }

    @Override
    public synchronized void stop() {
        if (server == null) {
            return;
        }
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not stop cleanly", e);
        } finally {
            server = null;
        }
    }

    @Override
    public synchronized void close() {
        stop();
        FileTrees.deleteRecursively(dataDir);
    }

    public synchronized boolean isRunning() {
        return server != null;
    }

    public int port() {
        return port;
    }

    /** Creates a database with a fresh name for one caller (a test class, a benchmark), so callers never share rows. */
    public String createDatabase(String prefix) {
        return createDatabaseNamed(prefix + "_" + ProcessHandle.current().pid() + "_" + DATABASE_COUNTER.incrementAndGet());
    }

    /** Creates a database with exactly this name (a plain SQL identifier). */
    public String createDatabaseNamed(String database) {
        if (!database.matches("[a-z_][a-z0-9_]{0,62}")) {
            throw new IllegalArgumentException("not a plain database name: " + database);
        }
        try (Connection connection = adminConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + database);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + database, e);
        }
        return database;
    }

    /** What a Quarkus app needs to reach one of this server's databases, JDBC (migrations) and reactive. */
    public Map<String, String> appConfig(String database) {
        return Map.of(
                "quarkus.datasource.jdbc.url", jdbcUrl(database),
                "quarkus.datasource.reactive.url", reactiveUrl(database),
                "quarkus.datasource.username", USER,
                "quarkus.datasource.password", PASSWORD);
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    public String reactiveUrl(String database) {
        return "postgresql://127.0.0.1:" + port + "/" + database;
    }

    /** The postmaster's process id while it runs, read from the data folder as PostgreSQL itself records it. */
    public OptionalLong serverPid() {
        Path pidFile = dataDir.resolve("postmaster.pid");
        try {
            if (!Files.exists(pidFile)) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(Long.parseLong(Files.readAllLines(pidFile).get(0).trim()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + pidFile, e);
        }
    }

    private synchronized Connection adminConnection() throws SQLException {
        if (server == null) {
            throw new IllegalStateException(name + " is not running");
        }
        return server.getPostgresDatabase().getConnection();
    }
}
