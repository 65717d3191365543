package org.aitelemetry.site.page;

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
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * A GPU's probe history against its baselines: its latest probe results, newest run first, one row per test as
 * gpu-probe reported it ({@code tests}: name → status, value, unit, baseline, ratio, reason). Inventory.
 */
@ApplicationScoped
public class ProbeHistoryQueries {

    /** Through probe_result_device_idx, then each result's run. */
    private static final String RESULTS = """
            SELECT p.run_id, p.finished_at, r.tests, r.slow_tests
            FROM gpu_device d JOIN probe_result r ON r.device_id = d.id JOIN probe_run p ON p.id = r.probe_run_id
            WHERE d.uuid = $1 ORDER BY p.finished_at DESC, r.id DESC LIMIT $2""";

    private final Pool pool;

    public ProbeHistoryQueries(Pool pool) {
        this.pool = pool;
    }

    /** The tests of the GPU's {@code results} newest probe results. */
    public Uni<List<ProbeTestRow>> latest(String uuid, int results) {
        return pool.preparedQuery(RESULTS).execute(Tuple.of(uuid, results)).map(ProbeHistoryQueries::rows);
    }

    private static List<ProbeTestRow> rows(RowSet<Row> results) {
        List<ProbeTestRow> rows = new ArrayList<>();
        for (Row result : results) {
            UUID runId = result.getUUID("run_id");
            OffsetDateTime at = result.getOffsetDateTime("finished_at");
            Set<String> slow = Set.of(result.getArrayOfStrings("slow_tests"));
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
}
