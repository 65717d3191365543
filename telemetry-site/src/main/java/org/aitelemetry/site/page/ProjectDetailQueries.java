package org.aitelemetry.site.page;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.TimeWindow;
import org.aitelemetry.site.page.ProjectDetail.IdleGpu;
import org.aitelemetry.site.project.ProjectQueries;
import org.aitelemetry.site.project.ProjectUsageQueries;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.session.SessionFilters;
import org.aitelemetry.site.session.SessionQueries;

/**
 * A project page's reads, all scoped to the caller in SQL: null when the project does not exist or is not the
 * caller's (a 404). The project is checked first; the other reads run together once it is known to be visible.
 */
@ApplicationScoped
public class ProjectDetailQueries {

    static final int SESSIONS_SHOWN = 20;
    private static final String IDLE = """
            SELECT d.uuid, n.name AS node, d.utilization_percent, s.pod, s.starts_at
            FROM usage_session s JOIN gpu_device d ON d.id = s.device_id JOIN ai_node n ON n.id = d.node_id
            WHERE s.project_id = $1 AND s.state = 'OPEN' AND s.slice_id IS NULL
              AND (d.utilization_percent IS NULL OR d.utilization_percent < $2)
            ORDER BY s.starts_at, d.uuid LIMIT 100""";

    private final Pool pool;
    private final ProjectQueries projects;
    private final ProjectUsageQueries usage;
    private final SessionQueries sessions;
    private final Clock clock = Clock.systemUTC();

    public ProjectDetailQueries(Pool pool, ProjectQueries projects, ProjectUsageQueries usage,
            SessionQueries sessions) {
        this.pool = pool;
        this.projects = projects;
        this.usage = usage;
        this.sessions = sessions;
    }

    public Uni<ProjectDetail> detail(Caller caller, long id, UsageWindow window) {
        return projects.byId(caller, id).flatMap(project -> {
            if (project == null) {
                return Uni.createFrom().nullItem();
            }
            // Whole hours, as the rollups are hourly: the current, partial hour is included.
            Instant to = clock.instant().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.HOURS);
            TimeWindow usageWindow = new TimeWindow(to.minus(window.length()), to);
            SessionFilters projectSessions = new SessionFilters(null, id, null, null, new TimeWindow(null, null));
            return Uni.combine().all().unis(usage.usage(caller, id, usageWindow, window.granularity()),
                    pool.preparedQuery(IDLE).execute(Tuple.of(id, BusyGpu.PERCENT))
                            .map(rows -> Rows.all(rows, ProjectDetailQueries::idle)),
                    sessions.list(caller, projectSessions, SessionQueries.NEWEST_FIRST,
                            new PageRequest(0, SESSIONS_SHOWN)).map(page -> page.items()))
                    .with((used, idle, latest) -> new ProjectDetail(project, used, window, idle, latest));
        });
    }

    private static IdleGpu idle(Row row) {
        return new IdleGpu(row.getString("uuid"), row.getString("node"), row.getDouble("utilization_percent"),
                row.getString("pod"), row.getOffsetDateTime("starts_at"));
    }
}
