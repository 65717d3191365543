package org.aitelemetry.worker.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.alertmanager.AlertmanagerComponent;
import org.aitelemetry.devkit.alertmanager.AlertmanagerSettings;
import org.aitelemetry.devkit.alertmanager.PostableAlert;
import org.aitelemetry.devkit.oidc.LocalTokenIssuer;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.process.QuarkusAppComponent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Acceptance scenarios 5 and 6 end to end, with the packaged worker as a process: a real Alertmanager delivers a
 * burst of alerts (one notification per alert) while the worker is SIGKILLed, or while PostgreSQL is stopped; its
 * retries complete the burst once the worker or the database is back. Afterwards every alert has exactly one session.
 */
class IngestCrashIT {

    private static final Path RUNNER = Path.of("target/quarkus-app/quarkus-run.jar");
    private static final int ALERTS = 240;
    private static final Duration PATIENCE = Duration.ofMinutes(2);

    private Workspace workspace;
    private PostgresComponent postgres;
    private AlertmanagerComponent alertmanager;
    private QuarkusAppComponent worker;
    private String database;

    @BeforeEach
    void start() throws Exception {
        workspace = Workspace.fromSystemProperties();
        postgres = new PostgresComponent(workspace, "postgres-ingest-crash-it");
        postgres.start();
        database = postgres.createDatabase("ingest");
        LocalTokenIssuer issuer = LocalTokenIssuer.generate();
        Path token = workspace.dir("ingest-crash-it").resolve("alertmanager.token");
        Files.writeString(token, issuer.mint("alertmanager", List.of("alerts-writer"), Duration.ofHours(1)));
        int workerPort = LoopbackPorts.free();
        Map<String, String> config = new HashMap<>(issuer.appConfig());
        config.putAll(Map.of(
                "quarkus.datasource.reactive.url", postgres.reactiveUrl(database),
                "quarkus.datasource.jdbc.url", postgres.jdbcUrl(database),
                "quarkus.datasource.username", PostgresComponent.USER,
                "quarkus.datasource.password", PostgresComponent.PASSWORD,
                "telemetry.sync.every", "off",
                "telemetry.usage.every", "off",
                "telemetry.sessions.every", "1s"));
        worker = new QuarkusAppComponent("worker-ingest-crash-it", RUNNER, workerPort, config, List.of("-Xmx256m"),
                workspace);
        worker.start();
        // One notification per alert: a burst is many concurrent webhook calls, as with many small groups.
        alertmanager = new AlertmanagerComponent(workspace, "alertmanager-ingest-crash-it", AlertmanagerSettings.fast(
                        URI.create(worker.url() + "/api/ingest/v1/alertmanager"))
                .withBearerTokenFile(token).withGroupBy(List.of("alertname", "pod")));
        alertmanager.start();
    }

    @AfterEach
    void stop() {
        if (alertmanager != null) {
            alertmanager.close();
        }
        if (worker != null) {
            worker.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void aWorkerKilledMidBurstLosesNothingAndDuplicatesNothing() throws Exception {
        List<PostableAlert> burst = burst("kill");
        alertmanager.api().post(burst.subList(0, ALERTS / 2));
        await().atMost(PATIENCE).until(() -> count("SELECT count(*) FROM alert_notification") > 0);

        ProcessHandle.of(worker.pid()).orElseThrow().destroyForcibly();
        alertmanager.api().post(burst.subList(ALERTS / 2, ALERTS));
        Thread.sleep(2_000);
        worker.start();

        await().atMost(PATIENCE).until(() -> count("SELECT count(*) FROM usage_session") == ALERTS
                && count("SELECT count(*) FROM alert_pending") == 0);
        assertOneOpenSessionPerAlert();
    }

    @Test
    void aDatabaseStoppedMidBurstAnswers503AndAlertmanagerRetriesUntilItIsBack() throws Exception {
        List<PostableAlert> burst = burst("db");
        alertmanager.api().post(burst.subList(0, ALERTS / 2));
        await().atMost(PATIENCE).until(() -> count("SELECT count(*) FROM alert_notification") > 0);

        postgres.stop();
        alertmanager.api().post(burst.subList(ALERTS / 2, ALERTS));
        await().atMost(PATIENCE).until(() -> Files.readString(worker.logFile()).contains("Alertmanager will retry"));
        postgres.start();

        await().atMost(PATIENCE).until(() -> count("SELECT count(*) FROM usage_session") == ALERTS
                && count("SELECT count(*) FROM alert_pending") == 0);
        assertOneOpenSessionPerAlert();
        assertThat(Files.readString(worker.logFile())).doesNotContain(" 400 ").doesNotContain("Refused an Alertmanager");
    }

    private void assertOneOpenSessionPerAlert() throws SQLException {
        assertThat(count("SELECT count(DISTINCT fingerprint) FROM usage_session")).isEqualTo(ALERTS);
        assertThat(count("SELECT count(*) FROM usage_session WHERE state = 'OPEN'")).isEqualTo(ALERTS);
        assertThat(count("SELECT count(DISTINCT labels->>'pod') FROM usage_session")).isEqualTo(ALERTS);
    }

    private static List<PostableAlert> burst(String prefix) {
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60);
        List<PostableAlert> alerts = new ArrayList<>();
        for (int i = 0; i < ALERTS; i++) {
            alerts.add(PostableAlert.firing(Map.of("alertname", "GpuInUse", "telemetry", "gpu-usage", "cluster", "prod",
                    "Hostname", "node-" + (i % 16), "UUID", "GPU-" + prefix + "-" + i, "gpu", String.valueOf(i % 8),
                    "namespace", "team-" + (i % 5), "pod", prefix + "-pod-" + i, "container", "main"), Map.of(), start));
        }
        return alerts;
    }

    private long count(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(database), PostgresComponent.USER,
                PostgresComponent.PASSWORD); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getLong(1);
        }
    }
}
