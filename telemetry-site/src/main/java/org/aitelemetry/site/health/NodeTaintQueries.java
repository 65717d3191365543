package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.health.HealthOverview.UntaintedNode;

/** Reads what the worker's node signal did with failed nodes. Inventory, visible to every telemetry role. */
@ApplicationScoped
public class NodeTaintQueries {

    /** Nodes the worker judged to taint but did not: the operator must know which failed nodes still take work. */
    private static final String UNTAINTED = """
            SELECT n.id, c.name AS cluster, n.name, n.health, n.taint_state, n.taint_reason, n.taint_changed_at
            FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE n.taint_state IN ('HELD', 'DRY_RUN') AND n.state = 'PRESENT'
            ORDER BY n.taint_changed_at DESC NULLS LAST, c.name, n.name LIMIT $1""";

    private final Pool pool;

    public NodeTaintQueries(Pool pool) {
        this.pool = pool;
    }

    /** Present nodes whose taint was held back or only reported (a dry run), latest change first. */
    public Uni<List<UntaintedNode>> untainted(int limit) {
        return pool.preparedQuery(UNTAINTED).execute(Tuple.of(limit))
                .map(rows -> Rows.all(rows, NodeTaintQueries::untainted));
    }

    private static UntaintedNode untainted(Row row) {
        return new UntaintedNode(row.getLong("id"), row.getString("cluster"), row.getString("name"),
                row.getString("health"), row.getString("taint_state"), row.getString("taint_reason"),
                row.getOffsetDateTime("taint_changed_at"));
    }
}
