package org.aitelemetry.site.page;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Arrays;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.health.HealthCheckQueries;
import org.aitelemetry.site.health.ProbeRunQueries;
import org.aitelemetry.site.page.HealthOverview.SlowGpu;
import org.aitelemetry.site.page.HealthOverview.UntaintedNode;
import org.aitelemetry.site.security.Caller;

/** The health page's reads, run together. The caller's requests come scoped as in the API; the rest is inventory. */
@ApplicationScoped
public class HealthOverviewQueries {

    private static final int SHOWN = 50;
    /** Each device's latest result, kept when it found slow tests. */
    private static final String SLOW = """
            SELECT d.uuid, c.name AS cluster, n.id AS node_id, n.name AS node, latest.slow_tests, latest.finished_at
            FROM (SELECT DISTINCT ON (r.device_id) r.device_id, r.slow_tests, p.finished_at
                  FROM probe_result r JOIN probe_run p ON p.id = r.probe_run_id
                  WHERE r.device_id IS NOT NULL ORDER BY r.device_id, p.finished_at DESC) latest
            JOIN gpu_device d ON d.id = latest.device_id JOIN ai_node n ON n.id = d.node_id
            JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE cardinality(latest.slow_tests) > 0
            ORDER BY latest.finished_at DESC, d.uuid LIMIT""" + " " + SHOWN;
    /** Nodes the worker judged to taint but did not: the operator must know which failed nodes still take work. */
    private static final String UNTAINTED = """
            SELECT n.id, c.name AS cluster, n.name, n.health, n.taint_state, n.taint_reason, n.taint_changed_at
            FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE n.taint_state IN ('HELD', 'DRY_RUN') AND n.state = 'PRESENT'
            ORDER BY n.taint_changed_at DESC NULLS LAST, c.name, n.name LIMIT""" + " " + SHOWN;
    private static final String CLUSTERS = "SELECT name FROM ai_cluster WHERE state = 'PRESENT' ORDER BY name";

    private final Pool pool;
    private final ProbeRunQueries runs;
    private final UnhealthyGpuQueries unhealthy;
    private final HealthCheckQueries requests;

    public HealthOverviewQueries(Pool pool, ProbeRunQueries runs, UnhealthyGpuQueries unhealthy,
            HealthCheckQueries requests) {
        this.pool = pool;
        this.runs = runs;
        this.unhealthy = unhealthy;
        this.requests = requests;
    }

    public Uni<HealthOverview> overview(Caller caller) {
        PageRequest first = new PageRequest(0, 20);
        return Uni.combine().all().unis(
                runs.list(new SqlFilter(), "p.started_at DESC, p.run_id", first).map(page -> page.items()),
                unhealthy.latest(SHOWN),
                pool.query(SLOW).execute().map(rows -> Rows.all(rows, HealthOverviewQueries::slow)),
                requests.list(caller, null, null, first).map(page -> page.items()),
                pool.query(CLUSTERS).execute().map(rows -> Rows.all(rows, row -> row.getString(0))),
                pool.query(UNTAINTED).execute().map(rows -> Rows.all(rows, HealthOverviewQueries::untainted)))
                .with(HealthOverview::new);
    }

    private static UntaintedNode untainted(Row row) {
        return new UntaintedNode(row.getLong("id"), row.getString("cluster"), row.getString("name"),
                row.getString("health"), row.getString("taint_state"), row.getString("taint_reason"),
                row.getOffsetDateTime("taint_changed_at"));
    }

    private static SlowGpu slow(Row row) {
        return new SlowGpu(row.getString("uuid"), row.getString("cluster"), row.getLong("node_id"),
                row.getString("node"), Arrays.asList(row.getArrayOfStrings("slow_tests")),
                row.getOffsetDateTime("finished_at"));
    }
}
