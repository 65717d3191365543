package org.aitelemetry.site.project;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.site.api.ProjectRef;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.api.TimeWindow;
import org.aitelemetry.site.price.PriceSheetQueries;
import org.aitelemetry.site.project.ProjectDetail.IdleGpu;
import org.aitelemetry.site.security.Caller;

/**
 * Reads projects' usage: a project's from its rollups in one round trip (the project, if the caller's, and its
 * buckets, aggregated in SQL over the rollups' unique index (entity_kind, entity_id, hour) and the daily rows' key),
 * the most used projects,
 * and the GPUs a project holds idle now.
 */
@ApplicationScoped
public class ProjectUsageQueries {

    private static final String PROJECT = """
            SELECT p.id, c.name AS cluster, p.namespace
            FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id""";
    /**
     * The buckets from the hourly rows, and, when the buckets are days, from the daily rows for the whole days of the
     * window before the project's first hourly row: retention drops hourly rows after 90 days and keeps the days for a
     * year. A row's utilization is over its metered seconds (allocated less unmetered: GPUs in VMs have no readings),
     * so it is weighted by them. Formatted with the numbers of its parameters: the bucket width, the window's start
     * and end, the first and the end of its whole days.
     */
    private static final String BUCKETS = """
            SELECT date_trunc($%1$d, r.at, 'UTC') AS bucket_start, sum(r.gpu_seconds_allocated) AS allocated,
                   sum(r.unmetered_gpu_seconds) AS unmetered, sum(r.gpu_seconds_used) AS used,
                   sum(r.idle_gpu_seconds) AS idle,
                   coalesce(sum(r.utilization_avg * (r.gpu_seconds_allocated - r.unmetered_gpu_seconds)), 0)
                     AS weighted_utilization,
                   coalesce(sum(r.gpu_seconds_allocated - r.unmetered_gpu_seconds)
                              FILTER (WHERE r.utilization_avg IS NOT NULL), 0) AS utilization_weight,
                   sum(r.energy_joules) AS energy, sum(r.cost) AS cost
            FROM (SELECT h.hour AS at, h.gpu_seconds_allocated, h.unmetered_gpu_seconds, h.gpu_seconds_used,
                         h.idle_gpu_seconds, h.utilization_avg, h.energy_joules, h.cost
                  FROM usage_rollup h
                  WHERE h.entity_kind = 'PROJECT' AND h.entity_id = project.id AND h.hour >= $%2$d AND h.hour < $%3$d
                  UNION ALL
                  SELECT d.day::timestamp AT TIME ZONE 'UTC', d.gpu_seconds_allocated, d.unmetered_gpu_seconds,
                         d.gpu_seconds_used, d.idle_gpu_seconds, d.utilization_avg, d.energy_joules, d.cost
                  FROM usage_rollup_daily d
                  WHERE $%1$d = 'day' AND d.entity_kind = 'PROJECT' AND d.entity_id = project.id
                    AND d.day >= $%4$d AND d.day < $%5$d
                    AND d.day + 1 <= coalesce((SELECT min(f.hour) FROM usage_rollup f
                                               WHERE f.entity_kind = 'PROJECT' AND f.entity_id = project.id)
                                              AT TIME ZONE 'UTC', 'infinity')) r
            GROUP BY 1""";
    /**
     * Ranks projects on their rollups alone, joining names to the ones that win: an admin's ranking sums a week of
     * every project's hours (84,000 rows at 500 projects), read from usage_rollup_project_hour_idx without the table.
     * Formatted with the WHERE clause and the limit.
     */
    private static final String TOP = """
            SELECT p.id, c.name AS cluster, p.namespace, t.gpu_hours, t.cost
            FROM (SELECT r.entity_id, sum(r.gpu_seconds_allocated) / 3600 AS gpu_hours, sum(r.cost) AS cost
                  FROM usage_rollup r %s
                  GROUP BY r.entity_id ORDER BY gpu_hours DESC, r.entity_id LIMIT %d) t
            JOIN research_project p ON p.id = t.entity_id JOIN ai_cluster c ON c.id = p.cluster_id
            ORDER BY t.gpu_hours DESC, p.id""";
    /** Whole GPUs (no slice) of the project's open sessions below the busy threshold, longest held first. */
    private static final String IDLE = """
            SELECT d.uuid, n.name AS node, d.utilization_percent, s.pod, s.starts_at
            FROM usage_session s JOIN gpu_device d ON d.id = s.device_id JOIN ai_node n ON n.id = d.node_id
            WHERE s.project_id = $1 AND s.state = 'OPEN' AND s.slice_id IS NULL
              AND (d.utilization_percent IS NULL OR d.utilization_percent < $2)
            ORDER BY s.starts_at, d.uuid LIMIT 100""";

    private final Pool pool;
    private final PriceSheetQueries prices;

    public ProjectUsageQueries(Pool pool, PriceSheetQueries prices) {
        this.pool = pool;
        this.prices = prices;
    }

    /** The usage in a closed window, or null when the project does not exist or is not the caller's. */
    public Uni<ProjectUsage> usage(Caller caller, long projectId, TimeWindow window, Granularity granularity) {
        SqlFilter project = ProjectQueries.visibleTo(caller).and("p.id = ?", projectId);
        int next = project.nextParameter();
        String sql = "WITH project AS (" + PROJECT + project.where() + ") SELECT project.*, b.* FROM project"
                + " LEFT JOIN LATERAL (" + BUCKETS.formatted(next, next + 1, next + 2, next + 3, next + 4)
                + ") b ON true ORDER BY b.bucket_start";
        Uni<RowSet<Row>> buckets = pool.preparedQuery(sql).execute(project.tuple(granularity.name(),
                window.fromUtc(), window.toUtc(), window.firstWholeDay(), window.endOfWholeDays()));
        return Uni.combine().all().unis(buckets, prices.activeCurrency()).with((rows, currency) ->
                rows.size() == 0 ? null : usage(rows, window, granularity, currency));
    }

    /** The caller's projects (all for an admin) with the most GPU-hours allocated since {@code since}. */
    public Uni<List<TopProject>> topByGpuHours(Caller caller, Instant since, int limit) {
        SqlFilter projects = new SqlFilter().and("r.entity_kind = 'PROJECT' AND r.hour >= ?", Rows.utc(since))
                .memberProject(caller, "r.entity_id");
        return pool.preparedQuery(TOP.formatted(projects.where(), limit)).execute(projects.tuple())
                .map(rows -> Rows.all(rows, ProjectUsageQueries::topProject));
    }

    /** The GPUs the project holds (an open session) that are not {@link BusyGpu busy} now; the caller checks scope. */
    public Uni<List<IdleGpu>> idleGpus(long projectId) {
        return pool.preparedQuery(IDLE).execute(Tuple.of(projectId, BusyGpu.PERCENT))
                .map(rows -> Rows.all(rows, ProjectUsageQueries::idle));
    }

    private static ProjectUsage usage(RowSet<Row> rows, TimeWindow window, Granularity granularity,
            String currency) {
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
        return new ProjectUsage(project, window.from(), window.to(), granularity, currency,
                totals.figures(), buckets);
    }

    private static UsageSums sums(Row row) {
        BigDecimal cost = row.getBigDecimal("cost");
        return new UsageSums(row.getDouble("allocated"), row.getDouble("unmetered"), row.getDouble("used"),
                row.getDouble("idle"),
                row.getDouble("weighted_utilization"), row.getDouble("utilization_weight"), row.getDouble("energy"),
                cost);
    }

    private static TopProject topProject(Row row) {
        return new TopProject(row.getLong("id"), row.getString("cluster"), row.getString("namespace"),
                row.getDouble("gpu_hours"), row.getBigDecimal("cost"));
    }

    private static IdleGpu idle(Row row) {
        return new IdleGpu(row.getString("uuid"), row.getString("node"), row.getDouble("utilization_percent"),
                row.getString("pod"), row.getOffsetDateTime("starts_at"));
    }
}
