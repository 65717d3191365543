package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.SchemaMigrator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seeder on the smoke scale, against real PostgreSQL with the model's migrations (their CHECKs included). */
class ApiFleetSeederTest {

    private static final ApiFleetScale SCALE = ApiFleetScale.SMOKE;

    @TempDir
    static Path workspaceDir;
    private static PostgresComponent postgres;
    private static String jdbcUrl;
    private static ApiFleetSeeder.Seeded seeded;

    @BeforeAll
    static void seed() throws Exception {
        postgres = new PostgresComponent(new Workspace(workspaceDir));
        postgres.start();
        jdbcUrl = postgres.jdbcUrl(postgres.createDatabase("seed"));
        SchemaMigrator.migrate(jdbcUrl);
        seeded = ApiFleetSeeder.seed(jdbcUrl, SCALE);
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @Test
    void seedsEveryTableAtTheScale() {
        Map<String, Long> rows = seeded.rows();
        int nodes = SCALE.clusters() * SCALE.nodesPerCluster();
        assertThat(rows).containsEntry("ai_cluster", (long) SCALE.clusters())
                .containsEntry("ai_node", (long) nodes)
                .containsEntry("gpu", 2L)
                .containsEntry("gpu_precision", 11L)
                .containsEntry("gpu_device", (long) SCALE.gpus())
                .containsEntry("gpu_slice", (long) SCALE.slices())
                .containsEntry("research_project", (long) SCALE.projects())
                .containsEntry("usage_session", (long) SCALE.projects() * SCALE.sessionsPerProject())
                .containsEntry("usage_rollup", (long) SCALE.projects() * SCALE.rollupDays() * 24);
        assertThat(rows.get("probe_run")).isGreaterThanOrEqualTo(2L * nodes / ApiFleetScale.PROBED_NODE_EVERY);
        assertThat(rows.get("probe_result")).isEqualTo(rows.get("probe_run") * SCALE.gpusPerNode());
    }

    @Test
    void theTestResearchersProjectHasSessionsSlicesAndUsage() throws SQLException {
        ApiTargets targets = ApiTargets.load(jdbcUrl, ApiBenchmark.OWN_CLUSTER, ApiBenchmark.OWN_NAMESPACE);

        assertThat(targets.ownSessionIds()).hasSize(SCALE.sessionsPerProject());
        assertThat(targets.migNodes()).hasSize(SCALE.clusters() * SCALE.migNodesPerCluster());
        assertThat(targets.deviceUuids()).hasSize(SCALE.gpus()).doesNotHaveDuplicates();
        assertThat(count("SELECT count(*) FROM gpu_slice WHERE project_id = " + targets.ownProjectId())).isPositive();
        assertThat(count("SELECT count(*) FROM usage_session WHERE state = 'OPEN' AND project_id = "
                + targets.ownProjectId())).isPositive();
        assertThat(count("SELECT count(*) FROM usage_session s JOIN gpu_device d ON d.id = s.device_id WHERE "
                + "s.state = 'OPEN' AND d.utilization_percent < 5 AND s.project_id = " + targets.ownProjectId()))
                .as("open sessions on idle GPUs").isPositive();
        assertThat(count("SELECT count(*) FROM usage_rollup WHERE entity_id = " + targets.ownProjectId()))
                .isEqualTo(SCALE.rollupDays() * 24L);
    }

    @Test
    void namesAndUuidsAreTheSameEveryRun() throws SQLException {
        assertThat(count("""
                SELECT count(*) FROM gpu_device d JOIN ai_node n ON n.id = d.node_id
                WHERE n.name = 'worker-gpu-0001' AND d.gpu_index = 0
                  AND d.uuid = 'GPU-' || md5('cluster-01/worker-gpu-0001/0')::uuid""")).isEqualTo(1);
        assertThat(count("SELECT count(*) FROM research_project WHERE namespace IN ('nlp-001', 'vision-002')"))
                .isEqualTo(2L * SCALE.clusters());
        assertThat(count("SELECT count(DISTINCT health) FROM gpu_device")).isEqualTo(4);
    }

    private static long count(String sql) throws SQLException {
        try (Connection connection = BenchDatabase.connect(jdbcUrl); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
