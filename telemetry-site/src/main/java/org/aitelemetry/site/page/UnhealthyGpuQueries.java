package org.aitelemetry.site.page;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.health.HealthAdvice;
import org.aitelemetry.site.health.HealthEvidence;
import org.aitelemetry.site.page.FleetOverview.UnhealthyGpu;

/**
 * The GPUs not known to be healthy: FAILED, DEGRADED, INCONCLUSIVE and UNSCORED, worst first, then newest verdict
 * first (inventory: every role sees them). UNSCORED and INCONCLUSIVE are listed because they are not healthy either.
 */
@ApplicationScoped
public class UnhealthyGpuQueries {

    private static final String LATEST = """
            SELECT d.uuid, c.name AS cluster, n.id AS node_id, n.name AS node, d.gpu_index, g.product_name,
                   d.health, d.health_reason, d.health_at, d.health_evidence, d.health_advice
            FROM gpu_device d JOIN ai_node n ON n.id = d.node_id JOIN ai_cluster c ON c.id = n.cluster_id
            JOIN gpu g ON g.id = d.gpu_id
            WHERE d.state = 'PRESENT' AND d.health IN ('UNSCORED', 'INCONCLUSIVE', 'DEGRADED', 'FAILED')
            ORDER BY array_position(ARRAY['FAILED', 'DEGRADED', 'INCONCLUSIVE', 'UNSCORED']::varchar[], d.health),
                     d.health_at DESC NULLS LAST, d.uuid LIMIT $1""";

    private final Pool pool;

    public UnhealthyGpuQueries(Pool pool) {
        this.pool = pool;
    }

    public Uni<List<UnhealthyGpu>> latest(int limit) {
        return pool.preparedQuery(LATEST).execute(Tuple.of(limit))
                .map(rows -> Rows.all(rows, UnhealthyGpuQueries::unhealthy));
    }

    private static UnhealthyGpu unhealthy(Row row) {
        return new UnhealthyGpu(row.getString("uuid"), row.getString("cluster"), row.getLong("node_id"),
                row.getString("node"), row.getInteger("gpu_index"), row.getString("product_name"),
                row.getString("health"), row.getString("health_reason"), row.getOffsetDateTime("health_at"),
                HealthEvidence.of(row.getJsonArray("health_evidence")),
                HealthAdvice.of(row.getJsonArray("health_advice")));
    }
}
