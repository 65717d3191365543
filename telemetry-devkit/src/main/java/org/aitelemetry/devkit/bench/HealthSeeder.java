package org.aitelemetry.devkit.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Seeds the health benchmark's rows straight into a migrated database: the fleet as a sync would have left it (the
 * cluster, its nodes and their GPUs, so that posted runs link to known nodes and devices), and the recent healthy
 * results of the hosts that feed the fleet baseline. Those results are whole probe reports, split into probe_result
 * rows by PostgreSQL itself, so each row's tests, serial and product name are the report's, and its figures (the
 * throughputs the fleet baseline reads, which the worker writes at ingest) the report's GEMM and bandwidth values.
 */
final class HealthSeeder {

    private static final String SOURCE = """
            INSERT INTO metric_source (name, url, auth_mode, cluster_label, last_sync_at, sync_status)
            VALUES ('prometheus-' || ?, 'http://prometheus.bench.example:9090', 'NONE', 'cluster', now(), 'OK')
            RETURNING id""";
    private static final String CLUSTER = """
            INSERT INTO ai_cluster (source_id, name, node_count, gpu_count, gpu_models, last_sync_at, sync_status,
                                    last_seen_at)
            VALUES (?, ?, ?, ?, ARRAY[?], now(), 'OK', now()) RETURNING id""";
    private static final String SKU = """
            INSERT INTO gpu (product_name, architecture, memory_mib, memory_bandwidth_gbps, tdp_watts, catalogued)
            VALUES (?, 'Hopper', 81559, 3350, 700, true)
            ON CONFLICT (product_name) DO UPDATE SET catalogued = true RETURNING id""";
    private static final String NODES = """
            INSERT INTO ai_node (cluster_id, name, gpu_count, gpu_product, driver_version, cuda_version,
                                 kernel_version, os_image, last_seen_at)
            SELECT ?, name, ?, ?, '580.65.06', '13.0', '6.8.0', 'Ubuntu 24.04 LTS', now()
            FROM unnest(?::text[]) name""";
    private static final String DEVICES = """
            INSERT INTO gpu_device (uuid, node_id, gpu_id, gpu_index, pci_bus_id, serial, readings_at, last_seen_at)
            SELECT d.uuid, n.id, ?, d.index, d.pci, d.serial, now(), now()
            FROM unnest(?::text[], ?::text[], ?::int[], ?::text[], ?::text[]) AS d(uuid, node, index, pci, serial)
            JOIN ai_node n ON n.name = d.node AND n.cluster_id = ?""";
    /** Finished within the last six hours, as a fleet probed every few hours would be. */
    private static final String BASELINE_RUNS = """
            WITH runs AS (
              INSERT INTO probe_run (run_id, hostname, schema_version, probe_version, started_at, finished_at,
                                     exit_code, verdict, report)
              SELECT t.run_id::uuid, r.report->'host'->>'hostname', '1.1', r.report->>'probe_version',
                     (r.report->>'started_at')::timestamptz - r.age, (r.report->>'finished_at')::timestamptz - r.age,
                     0, 'HEALTHY', r.report
              FROM unnest(?::text[], ?::text[]) AS t(run_id, report)
              CROSS JOIN LATERAL (SELECT t.report::jsonb AS report, random() * interval '6 hours' AS age) r
              RETURNING id, report)
            INSERT INTO probe_result (probe_run_id, gpu_uuid, verdict, tests, serial, product_name, figures)
            SELECT runs.id, g->>'uuid', 'HEALTHY', (g->'tests')::json, g->>'serial', g->>'name',
                   (SELECT coalesce(jsonb_object_agg(t.key, t.value->'value'), '{}') FROM jsonb_each(g->'tests') t
                    WHERE (t.key LIKE 'gemm\\_%' OR t.key LIKE '%\\_bandwidth')
                      AND jsonb_typeof(t.value->'value') = 'number')
            FROM runs CROSS JOIN jsonb_array_elements(runs.report->'gpus') g""";
    private static final int RUNS_PER_STATEMENT = 100;

    private HealthSeeder() {
    }

    static void fleet(String jdbcUrl, HealthFleet fleet) throws SQLException {
        try (Connection connection = BenchDatabase.connect(jdbcUrl)) {
            connection.setAutoCommit(false);
            long source = id(connection, SOURCE, HealthFleet.CLUSTER);
            long cluster = id(connection, CLUSTER, source, HealthFleet.CLUSTER, fleet.nodes(),
                    fleet.nodes() * fleet.gpusPerNode(), HealthFleet.PRODUCT);
            long sku = id(connection, SKU, HealthFleet.PRODUCT);
            try (PreparedStatement nodes = connection.prepareStatement(NODES)) {
                nodes.setLong(1, cluster);
                nodes.setInt(2, fleet.gpusPerNode());
                nodes.setString(3, HealthFleet.PRODUCT);
                nodes.setArray(4, connection.createArrayOf("text", fleet.nodeNames().toArray()));
                nodes.executeUpdate();
            }
            insertDevices(connection, fleet, sku, cluster);
            connection.commit();
        }
    }

    private static void insertDevices(Connection connection, HealthFleet fleet, long sku, long cluster)
            throws SQLException {
        List<Object> uuids = new ArrayList<>();
        List<Object> nodes = new ArrayList<>();
        List<Object> indexes = new ArrayList<>();
        List<Object> pcis = new ArrayList<>();
        List<Object> serials = new ArrayList<>();
        for (int n = 0; n < fleet.nodes(); n++) {
            for (HealthFleet.Gpu gpu : fleet.gpus(n)) {
                uuids.add(gpu.uuid());
                nodes.add(HealthFleet.node(n));
                indexes.add(gpu.index());
                pcis.add(gpu.pciBusId());
                serials.add(gpu.serial());
            }
        }
        try (PreparedStatement devices = connection.prepareStatement(DEVICES)) {
            devices.setLong(1, sku);
            devices.setArray(2, connection.createArrayOf("text", uuids.toArray()));
            devices.setArray(3, connection.createArrayOf("text", nodes.toArray()));
            devices.setArray(4, connection.createArrayOf("int4", indexes.toArray()));
            devices.setArray(5, connection.createArrayOf("text", pcis.toArray()));
            devices.setArray(6, connection.createArrayOf("text", serials.toArray()));
            devices.setLong(7, cluster);
            devices.executeUpdate();
        }
    }

    /** Healthy results of {@code gpus} GPUs (rounded up to whole hosts); returns the GPUs seeded. */
    static int baselineResults(String jdbcUrl, HealthFleet fleet, int gpus) throws SQLException {
        int hosts = (gpus + fleet.gpusPerNode() - 1) / fleet.gpusPerNode();
        ProbeRunBody body = new ProbeRunBody(hosts);
        try (Connection connection = BenchDatabase.connect(jdbcUrl);
                PreparedStatement insert = connection.prepareStatement(BASELINE_RUNS)) {
            for (int first = 0; first < hosts; first += RUNS_PER_STATEMENT) {
                List<Object> runIds = new ArrayList<>();
                List<Object> reports = new ArrayList<>();
                for (int host = first; host < Math.min(hosts, first + RUNS_PER_STATEMENT); host++) {
                    UUID runId = UUID.randomUUID();
                    runIds.add(runId.toString());
                    reports.add(body.report(HealthFleet.baselineHost(host), fleet.baselineGpus(host), runId, false));
                }
                insert.setArray(1, connection.createArrayOf("text", runIds.toArray()));
                insert.setArray(2, connection.createArrayOf("text", reports.toArray()));
                insert.executeUpdate();
            }
        }
        return hosts * fleet.gpusPerNode();
    }

    /** Statistics and a visibility map, as autovacuum leaves tables in service. */
    static void analyze(String jdbcUrl) throws SQLException {
        try (Connection connection = BenchDatabase.connect(jdbcUrl);
                Statement statement = connection.createStatement()) {
            statement.execute("VACUUM ANALYZE");
        }
    }

    private static long id(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        }
    }
}
