package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.SqlFilter;

/** Reads probe runs and their results: inventory, visible to every telemetry role. */
@ApplicationScoped
public class ProbeRunQueries {

    static final Map<String, String> SORT_KEYS = Map.of("startedAt", "p.started_at");
    /** The node may be unknown (a host the fleet sync has not seen): then cluster and node are null. */
    private static final PagedQuery LIST = new PagedQuery("""
            p.run_id, c.name AS cluster, n.name AS node, p.hostname, p.request_id, p.schema_version, p.probe_version,
            p.started_at, p.finished_at, p.received_at, p.exit_code, p.verdict""", """
            probe_run p LEFT JOIN ai_node n ON n.id = p.node_id LEFT JOIN ai_cluster c ON c.id = n.cluster_id""");
    private static final String RESULTS = """
            SELECT r.gpu_uuid, r.verdict, r.reasons, r.tests FROM probe_result r
            JOIN probe_run p ON p.id = r.probe_run_id WHERE p.run_id = $1 ORDER BY r.gpu_uuid""";

    private final Pool pool;

    public ProbeRunQueries(Pool pool) {
        this.pool = pool;
    }

    public Uni<Page<ProbeRunView>> list(SqlFilter filter, String orderBy, PageRequest page) {
        return LIST.run(pool, filter, orderBy, page, ProbeRunQueries::run);
    }

    /** The run with its results, or null. */
    public Uni<ProbeRunDetailView> byRunId(UUID runId) {
        Uni<ProbeRunView> run = LIST.first(pool, new SqlFilter().and("p.run_id = ?", runId), ProbeRunQueries::run);
        Uni<List<ProbeResultView>> results = pool.preparedQuery(RESULTS).execute(Tuple.of(runId))
                .map(rows -> rows.stream().map(ProbeRunQueries::result).toList());
        return Uni.combine().all().unis(run, results)
                .with((found, itsResults) -> found == null ? null : new ProbeRunDetailView(found, itsResults));
    }

    private static ProbeRunView run(Row row) {
        return new ProbeRunView(row.getUUID("run_id"), row.getString("cluster"), row.getString("node"),
                row.getString("hostname"), row.getUUID("request_id"), row.getString("schema_version"),
                row.getString("probe_version"), row.getOffsetDateTime("started_at"),
                row.getOffsetDateTime("finished_at"), row.getOffsetDateTime("received_at"),
                row.getInteger("exit_code"), row.getString("verdict"));
    }

    private static ProbeResultView result(Row row) {
        return new ProbeResultView(row.getString("gpu_uuid"), row.getString("verdict"),
                Arrays.asList(row.getArrayOfStrings("reasons")), row.getJsonObject("tests").getMap());
    }
}
