package org.aitelemetry.site.project;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.site.api.ProjectRef;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.api.TimeWindow;
import org.aitelemetry.site.config.SiteConfig;
import org.aitelemetry.site.security.Caller;

/**
 * Reads a project's usage from its hourly rollups in one round trip: the project (if the caller's) and its buckets,
 * aggregated in SQL over the rollups' unique index (entity_kind, entity_id, hour).
 */
@ApplicationScoped
public class ProjectUsageQueries {

    private static final String PROJECT = """
            SELECT p.id, c.name AS cluster, p.namespace
            FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id""";
    /** Formatted with the numbers of its parameters: the bucket width, the window's start and end. */
    private static final String BUCKETS = """
            SELECT date_trunc($%1$d, r.hour, 'UTC') AS bucket_start, sum(r.gpu_seconds_allocated) AS allocated,
                   sum(r.gpu_seconds_used) AS used, sum(r.idle_gpu_seconds) AS idle,
                   coalesce(sum(r.utilization_avg * r.gpu_seconds_allocated), 0) AS weighted_utilization,
                   coalesce(sum(r.gpu_seconds_allocated) FILTER (WHERE r.utilization_avg IS NOT NULL), 0)
                     AS utilization_weight,
                   sum(r.energy_joules) AS energy, sum(r.cost) AS cost
            FROM usage_rollup r
            WHERE r.entity_kind = 'PROJECT' AND r.entity_id = project.id AND r.hour >= $%2$d AND r.hour < $%3$d
            GROUP BY 1""";

    private final Pool pool;
    private final SiteConfig config;

    public ProjectUsageQueries(Pool pool, SiteConfig config) {
        this.pool = pool;
        this.config = config;
    }

    /** The usage in a closed window, or null when the project does not exist or is not the caller's. */
    public Uni<ProjectUsage> usage(Caller caller, long projectId, TimeWindow window, Granularity granularity) {
        SqlFilter project = ProjectQueries.visibleTo(caller).and("p.id = ?", projectId);
        int next = project.nextParameter();
        String sql = "WITH project AS (" + PROJECT + project.where() + ") SELECT project.*, b.* FROM project"
                + " LEFT JOIN LATERAL (" + BUCKETS.formatted(next, next + 1, next + 2)
                + ") b ON true ORDER BY b.bucket_start";
        return pool.preparedQuery(sql)
                .execute(project.tuple(granularity.name(), window.fromUtc(), window.toUtc()))
                .map(rows -> rows.size() == 0 ? null : usage(rows, window, granularity));
    }

    private ProjectUsage usage(RowSet<Row> rows, TimeWindow window, Granularity granularity) {
        List<UsageBucket> buckets = new ArrayList<>();
        UsageSums totals = UsageSums.ZERO;
        Row first = rows.iterator().next();
        for (Row row : rows) {
            if (row.getOffsetDateTime("bucket_start") != null) {
                UsageSums sums = sums(row);
                buckets.add(new UsageBucket(row.getOffsetDateTime("bucket_start"), sums.figures()));
                totals = totals.plus(sums);
            }
        }
        ProjectRef project = new ProjectRef(first.getLong("id"), first.getString("cluster"),
                first.getString("namespace"));
        return new ProjectUsage(project, window.from(), window.to(), granularity, config.currency(),
                totals.figures(), buckets);
    }

    private static UsageSums sums(Row row) {
        BigDecimal cost = row.getBigDecimal("cost");
        return new UsageSums(row.getDouble("allocated"), row.getDouble("used"), row.getDouble("idle"),
                row.getDouble("weighted_utilization"), row.getDouble("utilization_weight"), row.getDouble("energy"),
                cost);
    }
}
