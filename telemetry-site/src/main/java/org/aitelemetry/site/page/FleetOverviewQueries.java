package org.aitelemetry.site.page;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.config.SiteConfig;
import org.aitelemetry.site.page.FleetOverview.ClusterSummary;
import org.aitelemetry.site.page.FleetOverview.TopProject;
import org.aitelemetry.site.security.Caller;

/**
 * The fleet overview's three reads, run together: inventory counts (every role), the top projects by GPU-hours over
 * the last week from the hourly rollups (the caller's projects only), and the GPUs not known healthy, worst first.
 */
@ApplicationScoped
public class FleetOverviewQueries {

    static final Duration TOP_PROJECTS_WINDOW = Duration.ofDays(7);
    private static final int TOP = 10;

    private static final String CLUSTERS = """
            SELECT c.id, c.name, c.sync_status, c.last_sync_at, c.node_count,
                   count(d.id) FILTER (WHERE d.state = 'PRESENT') AS gpus,
                   count(d.id) FILTER (WHERE d.state = 'PRESENT' AND %s) AS busy,
                   count(d.id) FILTER (WHERE d.state = 'PRESENT' AND d.health IN ('DEGRADED', 'FAILED')) AS unhealthy,
                   count(d.id) FILTER (WHERE d.state = 'PRESENT' AND d.health IN ('UNSCORED', 'INCONCLUSIVE'))
                     AS unjudged
            FROM ai_cluster c LEFT JOIN ai_node n ON n.cluster_id = c.id LEFT JOIN gpu_device d ON d.node_id = n.id
            GROUP BY c.id ORDER BY c.name""".formatted(BusyGpu.CONDITION);
    /**
     * Ranks projects on their rollups alone, joining names to the ten that win: an admin's ranking sums a week of
     * every project's hours (84,000 rows at 500 projects), read from usage_rollup_project_hour_idx without the table.
     */
    private static final String TOP_PROJECTS = """
            SELECT p.id, c.name AS cluster, p.namespace, t.gpu_hours, t.cost
            FROM (SELECT r.entity_id, sum(r.gpu_seconds_allocated) / 3600 AS gpu_hours, sum(r.cost) AS cost
                  FROM usage_rollup r %s
                  GROUP BY r.entity_id ORDER BY gpu_hours DESC, r.entity_id LIMIT %d) t
            JOIN research_project p ON p.id = t.entity_id JOIN ai_cluster c ON c.id = p.cluster_id
            ORDER BY t.gpu_hours DESC, p.id""";
    private final Pool pool;
    private final UnhealthyGpuQueries unhealthyGpus;
    private final SiteConfig config;
    private final Clock clock;

    public FleetOverviewQueries(Pool pool, UnhealthyGpuQueries unhealthyGpus, SiteConfig config) {
        this.pool = pool;
        this.unhealthyGpus = unhealthyGpus;
        this.config = config;
        this.clock = Clock.systemUTC();
    }

    public Uni<FleetOverview> overview(Caller caller) {
        SqlFilter projects = new SqlFilter().and("r.entity_kind = 'PROJECT' AND r.hour >= ?",
                OffsetDateTime.now(clock).minus(TOP_PROJECTS_WINDOW).withOffsetSameInstant(ZoneOffset.UTC))
                .memberProject(caller, "r.entity_id");
        String top = TOP_PROJECTS.formatted(projects.where(), TOP);
        return Uni.combine().all().unis(
                pool.preparedQuery(CLUSTERS).execute().map(rows -> Rows.all(rows, this::cluster)),
                pool.preparedQuery(top).execute(projects.tuple()).map(rows -> Rows.all(rows, this::topProject)),
                unhealthyGpus.latest(TOP))
                .with((clusters, topProjects, unhealthy) -> new FleetOverview(clusters, topProjects, unhealthy,
                        config.currency()));
    }

    private ClusterSummary cluster(Row row) {
        return new ClusterSummary(row.getLong("id"), row.getString("name"), row.getString("sync_status"),
                row.getOffsetDateTime("last_sync_at"), row.getInteger("node_count"), row.getLong("gpus").intValue(),
                row.getLong("busy").intValue(), row.getLong("unhealthy").intValue(),
                row.getLong("unjudged").intValue());
    }

    private TopProject topProject(Row row) {
        return new TopProject(row.getLong("id"), row.getString("cluster"), row.getString("namespace"),
                row.getDouble("gpu_hours"), row.getBigDecimal("cost"));
    }
}
