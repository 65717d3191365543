package org.aitelemetry.site.project;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.TimeWindow;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.ProjectKey;
import org.aitelemetry.site.session.SessionFilters;
import org.aitelemetry.site.session.SessionQueries;
import org.aitelemetry.site.statement.StatementQueries;

/**
 * A project page's reads, all scoped to the caller in SQL: null when the project does not exist or is not the
 * caller's (a 404). The project is checked first; the other reads run together once it is known to be visible.
 */
@ApplicationScoped
public class ProjectDetailService {

    static final int SESSIONS_SHOWN = 20;
    /** A year of monthly statements, or half a year of weekly ones. */
    static final int STATEMENTS_SHOWN = 26;

    private final ProjectQueries projects;
    private final ProjectUsageQueries usage;
    private final SessionQueries sessions;
    private final StatementQueries statements;
    private final Clock clock = Clock.systemUTC();

    public ProjectDetailService(ProjectQueries projects, ProjectUsageQueries usage, SessionQueries sessions,
            StatementQueries statements) {
        this.projects = projects;
        this.usage = usage;
        this.sessions = sessions;
        this.statements = statements;
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
                    usage.idleGpus(id),
                    sessions.newestFirst(caller, projectSessions, new PageRequest(0, SESSIONS_SHOWN))
                            .map(Page::items),
                    statements.ofProject(caller, new ProjectKey(project.cluster(), project.namespace()),
                            STATEMENTS_SHOWN))
                    .with((used, idle, latest, statementList) -> new ProjectDetail(project, used, window, idle,
                            latest, statementList));
        });
    }
}
