package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.health.HealthOverview.SlowGpu;

/** Reads probe runs and their results: inventory, visible to every telemetry role. */
@ApplicationScoped
public class ProbeRunQueries {

    static final Map<String, String> SORT_KEYS = Map.of("startedAt", "p.started_at");
    /** The node may be unknown (a host the fleet sync has not seen): then cluster and node are null. */
    private static final PagedQuery LIST = new PagedQuery("""
            p.run_id, c.name AS cluster, n.name AS node, p.hostname, p.request_id, p.schema_version, p.probe_version,
            p.started_at, p.finished_at, p.received_at, p.exit_code, p.verdict""", """
            probe_run p LEFT JOIN ai_node n ON n.id = p.node_id LEFT JOIN ai_cluster c ON c.id = n.cluster_id""");
    private static final String LATEST_FIRST = "p.started_at DESC, p.run_id";
    private static final String RESULTS = """
            SELECT r.gpu_uuid, r.verdict, r.reasons, r.tests FROM probe_result r
            JOIN probe_run p ON p.id = r.probe_run_id WHERE p.run_id = $1 ORDER BY r.gpu_uuid""";
    /** Through probe_result_device_idx, then each result's run. */
    private static final String RESULTS_OF_DEVICE = """
            SELECT p.run_id, p.finished_at, r.tests, r.slow_tests
            FROM gpu_device d JOIN probe_result r ON r.device_id = d.id JOIN probe_run p ON p.id = r.probe_run_id
            WHERE d.uuid = $1 ORDER BY p.finished_at DESC, r.id DESC LIMIT $2""";
    /** Each device's latest result, kept when it found slow tests. */
    private static final String SLOW = """
            SELECT d.uuid, c.name AS cluster, n.id AS node_id, n.name AS node, latest.slow_tests, latest.finished_at
            FROM (SELECT DISTINCT ON (r.device_id) r.device_id, r.slow_tests, p.finished_at
                  FROM probe_result r JOIN probe_run p ON p.id = r.probe_run_id
                  WHERE r.device_id IS NOT NULL ORDER BY r.device_id, p.finished_at DESC) latest
            JOIN gpu_device d ON d.id = latest.device_id JOIN ai_node n ON n.id = d.node_id
            JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE cardinality(latest.slow_tests) > 0
            ORDER BY latest.finished_at DESC, d.uuid LIMIT $1""";

    private final Pool pool;

    public ProbeRunQueries(Pool pool) {
        this.pool = pool;
    }

    /** {@code orderBy} comes from {@link org.aitelemetry.site.api.SortOrder}. */
    Uni<Page<ProbeRunView>> list(ProbeRunFilter filter, String orderBy, PageRequest page) {
        SqlFilter where = new SqlFilter().when(filter.cluster(), "c.name = ?")
                .when(filter.node(), "n.name = ?")
                .when(filter.verdict(), "p.verdict = ?")
                .when(Rows.utc(filter.from()), "p.started_at >= ?")
                .when(Rows.utc(filter.to()), "p.started_at < ?");
        return LIST.run(pool, where, orderBy, page, ProbeRunQueries::run);
    }

    /** The {@code count} runs started last. */
    public Uni<List<ProbeRunView>> latest(int count) {
        return list(ProbeRunFilter.NONE, LATEST_FIRST, new PageRequest(0, count)).map(Page::items);
    }

    /** The run with its results, or null. */
    public Uni<ProbeRunDetailView> byRunId(UUID runId) {
        Uni<ProbeRunView> run = LIST.first(pool, new SqlFilter().and("p.run_id = ?", runId), ProbeRunQueries::run);
        Uni<List<ProbeResultView>> results = pool.preparedQuery(RESULTS).execute(Tuple.of(runId))
                .map(rows -> rows.stream().map(ProbeRunQueries::result).toList());
        return Uni.combine().all().unis(run, results)
                .with((found, itsResults) -> found == null ? null : new ProbeRunDetailView(found, itsResults));
    }

    /**
     * The tests of a GPU's {@code results} newest probe results against their baselines, newest run first, one row
     * per test as gpu-probe reported it ({@code tests}: name → status, value, unit, baseline, ratio, reason).
     */
    public Uni<List<ProbeTestRow>> testsOfDevice(String uuid, int results) {
        return pool.preparedQuery(RESULTS_OF_DEVICE).execute(Tuple.of(uuid, results)).map(ProbeRunQueries::tests);
    }

    /** The GPUs whose latest run found tests slower than on their siblings, newest first, at most {@code limit}. */
    public Uni<List<SlowGpu>> slowGpus(int limit) {
        return pool.preparedQuery(SLOW).execute(Tuple.of(limit)).map(rows -> Rows.all(rows, ProbeRunQueries::slow));
    }

    private static ProbeRunView run(Row row) {
        return new ProbeRunView(row.getUUID("run_id"), row.getString("cluster"), row.getString("node"),
                row.getString("hostname"), row.getUUID("request_id"), row.getString("schema_version"),
                row.getString("probe_version"), row.getOffsetDateTime("started_at"),
                row.getOffsetDateTime("finished_at"), row.getOffsetDateTime("received_at"),
                row.getInteger("exit_code"), row.getString("verdict"));
    }

    private static ProbeResultView result(Row row) {
        return new ProbeResultView(row.getString("gpu_uuid"), row.getString("verdict"), Rows.strings(row, "reasons"),
                Rows.map(row, "tests"));
    }

    private static List<ProbeTestRow> tests(RowSet<Row> results) {
        List<ProbeTestRow> rows = new ArrayList<>();
        for (Row result : results) {
            UUID runId = result.getUUID("run_id");
            OffsetDateTime at = result.getOffsetDateTime("finished_at");
            Set<String> slow = Set.copyOf(Rows.strings(result, "slow_tests"));
            JsonObject tests = result.getJsonObject("tests");
            for (String name : new TreeSet<>(tests.fieldNames())) {
                if (tests.getValue(name) instanceof JsonObject test) {
                    rows.add(new ProbeTestRow(runId, at, name, text(test, "status"), number(test, "value"),
                            text(test, "unit"), number(test, "baseline"), number(test, "ratio"),
                            text(test, "reason"), slow.contains(name)));
                }
            }
        }
        return rows;
    }

    /** The report is gpu-probe's JSON as received: a field of an unexpected type is shown as not reported. */
    private static Double number(JsonObject test, String field) {
        return test.getValue(field) instanceof Number value ? value.doubleValue() : null;
    }

    private static String text(JsonObject test, String field) {
        return test.getValue(field) instanceof String value ? value : null;
    }

    private static SlowGpu slow(Row row) {
        return new SlowGpu(row.getString("uuid"), row.getString("cluster"), row.getLong("node_id"),
                row.getString("node"), Rows.strings(row, "slow_tests"), row.getOffsetDateTime("finished_at"));
    }
}
