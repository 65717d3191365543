package org.aitelemetry.model.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.postgres.SchemaMigrator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The migrations are the one description of the schema. Against a real PostgreSQL they migrate: the schema they build
 * must be the one {@value #EXPECTED} describes (a change to a migration shows there, in review), and the rules the
 * apps rely on — natural keys, checks, cascades — must hold for rows written as the apps write them, in SQL.
 */
class SchemaTest {

    private static final String EXPECTED = "schema/public.schema";
    private static final Path ACTUAL = Path.of("target", "schema", "public.schema");
    private static final String SESSION = "INSERT INTO usage_session (fingerprint, starts_at, ends_at, state,"
            + " close_reason, alert_name, labels, trace_id, span_id) VALUES ('fp-1', %s, %s, '%s', %s, 'GpuSliceInUse', '{}',"
            + " '0af7651916cd43dd8448eb211c80319c', 'b7ad6b7169203331')";
    private static final String RUN = "INSERT INTO probe_run (run_id, node_id, hostname, schema_version, started_at,"
            + " finished_at, verdict, report) VALUES ('%s', 1, 'gpu-node-1', '1', '2026-11-21T02:00:00Z',"
            + " '2026-11-21T02:00:42Z', 'DEGRADED', '{}')";
    private static final String RUN_ID = "00000000-0000-0000-0000-00000000000a";
    /**
     * A small fleet (source, cluster, node, device of a SKU, MIG slice of a project) and one row of each other
     * table the checks below need; in a fresh database, each of these first rows gets the id 1.
     */
    private static final List<String> FIXTURE = List.of(
            "INSERT INTO metric_source (name, url, auth_mode) VALUES ('hub', 'https://obs.example.org', 'MTLS')",
            "INSERT INTO ai_cluster (source_id, name) VALUES (1, 'cluster-a')",
            "INSERT INTO ai_node (cluster_id, name) VALUES (1, 'gpu-node-1')",
            "INSERT INTO gpu (product_name) VALUES ('NVIDIA H100 80GB HBM3')",
            "INSERT INTO gpu_device (uuid, node_id, gpu_id) VALUES ('GPU-1', 1, 1)",
            "INSERT INTO research_project (cluster_id, namespace) VALUES (1, 'nlp')",
            "INSERT INTO gpu_slice (device_id, gpu_instance_id, profile, project_id) VALUES (1, 7, '1g.10gb', 1)",
            SESSION.formatted("'2026-11-21T08:00:00Z'", "NULL", "OPEN", "NULL"),
            "INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id)"
                    + " VALUES ('DEVICE', 1, '2026-11-21T08:00:00Z', 1)",
            "INSERT INTO health_check_request (id, requested_by, cluster_id, target_kind, node_name)"
                    + " VALUES ('00000000-0000-0000-0000-000000000001', 'alice', 1, 'NODE', 'gpu-node-1')",
            RUN.formatted(RUN_ID),
            "INSERT INTO price_sheet (source, currency, active) VALUES ('prices.csv', 'EUR', true)",
            "INSERT INTO price_sheet_price (sheet_id, sku, effective_from, gpu_hour_price, kwh_price)"
                    + " VALUES (1, '*', '2026-01-01T00:00:00Z', 2, 0.15)");

    private static PostgresComponent postgres;
    private static String url;

    @BeforeAll
    static void migrate() throws Exception {
        postgres = new PostgresComponent(Workspace.fromSystemProperties(), "postgres-schema");
        postgres.start();
        url = postgres.jdbcUrl(postgres.createDatabase("schema"));
        assertThat(SchemaMigrator.migrate(url).success).isTrue();
        for (String insert : FIXTURE) {
            execute(insert);
        }
    }

    @AfterAll
    static void stopPostgres() {
        postgres.close();
    }

    @Test
    void migrationsBuildTheDescribedSchema() throws Exception {
        List<String> actual;
        try (Connection connection = connect()) {
            actual = SchemaDescription.of(connection);
        }
        Files.createDirectories(ACTUAL.getParent());
        Files.write(ACTUAL, actual);
        List<String> expected = expected();
        String advice = "; if the change is meant, copy " + ACTUAL + " over src/test/resources/" + EXPECTED;
        assertThat(missingFrom(expected, actual)).as("built by the migrations, not described" + advice).isEmpty();
        assertThat(missingFrom(actual, expected)).as("described, not built by the migrations" + advice).isEmpty();
        assertThat(actual).as("the same lines in another order (columns, tables)" + advice).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            metric_source_url_scheme              | INSERT INTO metric_source (name, url, auth_mode) VALUES ('file', 'file:///etc/passwd', 'NONE')
            metric_source_name_uk                 | INSERT INTO metric_source (name, url, auth_mode) VALUES ('hub', 'http://other', 'NONE')
            ai_cluster_source_name_uk             | INSERT INTO ai_cluster (source_id, name) VALUES (1, 'cluster-a')
            ai_node_cluster_name_uk               | INSERT INTO ai_node (cluster_id, name) VALUES (1, 'gpu-node-1')
            gpu_product_name_uk                   | INSERT INTO gpu (product_name) VALUES ('NVIDIA H100 80GB HBM3')
            gpu_device_uuid_uk                    | INSERT INTO gpu_device (uuid, node_id, gpu_id) VALUES ('GPU-1', 1, 1)
            research_project_cluster_namespace_uk | INSERT INTO research_project (cluster_id, namespace) VALUES (1, 'nlp')
            gpu_slice_device_instance_uk          | INSERT INTO gpu_slice (device_id, gpu_instance_id, profile) VALUES (1, 7, '2g.20gb')
            # On a partitioned table the month's partition reports a duplicate, by its own index's name.
            usage_rollup_202611_entity_kind_entity_id_hour_key | INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id) VALUES ('DEVICE', 1, '2026-11-21T08:00:00Z', 1)
            usage_rollup_hour_check               | INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id) VALUES ('DEVICE', 2, '2026-11-21T08:01:30Z', 1)
            health_check_request_target           | INSERT INTO health_check_request (id, requested_by, cluster_id, target_kind) VALUES (gen_random_uuid(), 'alice', 1, 'NODE')
            probe_run_run_id_uk                   | INSERT INTO probe_run (run_id, hostname, schema_version, started_at, finished_at, verdict, report) VALUES ('00000000-0000-0000-0000-00000000000a', 'h', '1', now(), now(), 'FAILED', '{}')
            price_sheet_source_uk                 | INSERT INTO price_sheet (source, currency) VALUES ('prices.csv', 'USD')
            price_sheet_one_active_uk             | INSERT INTO price_sheet (source, currency, active) VALUES ('other.csv', 'EUR', true)
            price_sheet_price_pk                  | INSERT INTO price_sheet_price (sheet_id, sku, effective_from, gpu_hour_price, kwh_price) VALUES (1, '*', '2026-01-01T00:00:00Z', 3, 0.2)
            price_sheet_price_effective_from_check | INSERT INTO price_sheet_price (sheet_id, sku, effective_from, gpu_hour_price, kwh_price) VALUES (1, '*', '2026-02-01T00:30:00Z', 3, 0.2)
            price_sheet_price_gpu_hour_price_check | INSERT INTO price_sheet_price (sheet_id, sku, effective_from, gpu_hour_price) VALUES (1, 'NVIDIA H200', '2026-02-01T00:00:00Z', -1)
            price_sheet_price_profile_has_no_kwh  | INSERT INTO price_sheet_price (sheet_id, sku, mig_profile, effective_from, gpu_hour_price, kwh_price) VALUES (1, 'NVIDIA H200', '1g.18gb', '2026-02-01T00:00:00Z', 1, 0.1)
            price_sheet_price_default_has_kwh     | INSERT INTO price_sheet_price (sheet_id, sku, effective_from, gpu_hour_price) VALUES (1, '*', '2026-02-01T00:00:00Z', 2)
            """)
    void naturalKeysAndChecksRejectWhatTheyForbid(String constraint, String insert) {
        assertRejectedBy(constraint, insert);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            usage_session_key_uk          | '2026-11-21T08:00:00Z' | '2026-11-21T08:00:30Z' | FINAL | 'SUPERSEDED'
            usage_session_one_open_uk     | '2026-11-21T08:01:00Z' | NULL                   | OPEN  | NULL
            usage_session_end_after_start | '2026-11-21T09:00:00Z' | '2026-11-21T08:59:59Z' | FINAL | 'RESOLVED'
            usage_session_final_has_end   | '2026-11-21T09:00:00Z' | NULL                   | FINAL | NULL
            """)
    void aSessionIsUniquePerAlertOpenOncePerFingerprintAndEndsAfterItStarts(String constraint, String startsAt,
            String endsAt, String state, String closeReason) {
        assertRejectedBy(constraint, SESSION.formatted(startsAt, endsAt, state, closeReason));
    }

    @Test
    void aFingerprintMayHaveManyClosedSessionsBesideItsOpenOne() throws SQLException {
        execute(SESSION.formatted("'2026-11-21T07:00:00Z'", "'2026-11-21T07:30:00Z'", "FINAL", "'RESOLVED'"));
        execute(SESSION.formatted("'2026-11-21T06:00:00Z'", "'2026-11-21T06:30:00Z'", "FINAL", "'UNOBSERVED'"));

        assertThat(count("usage_session WHERE fingerprint = 'fp-1'")).isEqualTo(3);
    }

    @Test
    void deletingARunOrASessionDeletesItsResultsOrEvents() throws SQLException {
        String run = "00000000-0000-0000-0000-00000000000b";
        execute(RUN.formatted(run));
        execute("INSERT INTO probe_result (probe_run_id, gpu_uuid, verdict, tests)"
                + " SELECT id, 'GPU-1', 'DEGRADED', '{}' FROM probe_run WHERE run_id = '" + run + "'");
        execute(SESSION.formatted("'2026-11-20T08:00:00Z'", "'2026-11-20T09:00:00Z'", "FINAL", "'RESOLVED'")
                .replace("'fp-1'", "'fp-2'"));
        execute("INSERT INTO usage_session_event (session_id, at, name)"
                + " SELECT id, starts_at, 'gpu.health' FROM usage_session WHERE fingerprint = 'fp-2'");

        execute("DELETE FROM probe_run WHERE run_id = '" + run + "'");
        execute("DELETE FROM usage_session WHERE fingerprint = 'fp-2'");

        assertThat(count("probe_result")).isZero();
        assertThat(count("usage_session_event")).isZero();
    }

    @Test
    void aGpusVendorIsReadFromItsIdAsTheWorkerMakesIt() throws SQLException {
        execute("INSERT INTO gpu_device (uuid, node_id, gpu_id) VALUES ('AMD-692409005408', 1, 1),"
                + " ('amd-lower', 1, 1), ('GPU-AMD-looking', 1, 1)");
        try {
            assertThat(count("gpu_device WHERE vendor = 'AMD'")).isEqualTo(2);
            assertThat(count("gpu_device WHERE vendor = 'NVIDIA' AND uuid IN ('GPU-1', 'GPU-AMD-looking')"))
                    .isEqualTo(2);
            assertRejectedBy("vendor", "UPDATE gpu_device SET vendor = 'NVIDIA' WHERE uuid = 'AMD-692409005408'");
        } finally {
            execute("DELETE FROM gpu_device WHERE uuid IN ('AMD-692409005408', 'amd-lower', 'GPU-AMD-looking')");
        }
    }

    @Test
    void aRowGetsTheDefaultsTheAppsReadBack() throws SQLException {
        assertThat(count("metric_source WHERE sync_status = 'NEVER' AND created_at IS NOT NULL")).isEqualTo(1);
        assertThat(count("gpu_device WHERE health = 'UNKNOWN' AND state = 'PRESENT' AND missed_cycles = 0"))
                .isEqualTo(1);
        assertThat(count("health_check_request WHERE state = 'PENDING' AND pod_names = '{}' AND tests = '{}'"
                + " AND schedule_attempts = 0 AND created_at = updated_at")).isEqualTo(1);
        assertThat(count("usage_session WHERE state = 'OPEN' AND export_state = 'NOT_READY' AND duplicates = 0"))
                .isEqualTo(1);
    }

    private static void assertRejectedBy(String constraint, String insert) {
        SQLException refusal = catchThrowableOfType(SQLException.class, () -> execute(insert));
        assertThat((Throwable) refusal).as("%s, refused by %s", insert, constraint).isNotNull();
        assertThat(refusal.getMessage()).contains("\"" + constraint + "\"");
    }

    private static List<String> missingFrom(List<String> lines, List<String> others) {
        return others.stream().filter(line -> !lines.contains(line)).toList();
    }

    private static List<String> expected() throws IOException {
        try (InputStream in = SchemaTest.class.getClassLoader().getResourceAsStream(EXPECTED)) {
            assertThat(in).as("src/test/resources/%s", EXPECTED).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(url, PostgresComponent.USER, PostgresComponent.PASSWORD);
    }

    private static void execute(String sql) throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static long count(String fromWhere) throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT count(*) FROM " + fromWhere)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
