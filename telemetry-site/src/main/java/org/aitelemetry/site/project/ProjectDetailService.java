package org.aitelemetry.site.project;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.TimeWindow;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.ProjectKey;
import org.aitelemetry.site.session.SessionFilters;
import org.aitelemetry.site.session.SessionQueries;
import org.aitelemetry.site.statement.StatementQueries;
import org.aitelemetry.site.vm.VirtualMachineQueries;

/**
 * A project page's reads, all scoped to the caller in SQL: null when the project does not exist or is not the
 * caller's (a 404). The project is checked first; the other reads run together once it is known to be visible.
 */
@ApplicationScoped
public class ProjectDetailService {

    static final int SESSIONS_SHOWN = 20;
    /** A year of monthly statements, or half a year of weekly ones. */
    static final int STATEMENTS_SHOWN = 26;
    static final int VIRTUAL_MACHINES_SHOWN = 50;

    private final ProjectQueries projects;
    private final ProjectUsageQueries usage;
    private final SessionQueries sessions;
    private final StatementQueries statements;
    private final VirtualMachineQueries vms;
    private final Clock clock = Clock.systemUTC();

    public ProjectDetailService(ProjectQueries projects, ProjectUsageQueries usage, SessionQueries sessions,
            StatementQueries statements, VirtualMachineQueries vms) {
        this.projects = projects;
        this.usage = usage;
        this.sessions = sessions;
        this.statements = statements;
        this.vms = vms;
    }

    public Uni<ProjectDetail> detail(Caller caller, long id, UsageWindow window) {
        return projects.byId(caller, id).flatMap(project -> {
            if (project == null) {
                return Uni.createFrom().nullItem();
            }
            TimeWindow usageWindow = TimeWindow.hoursUpTo(clock.instant(), window.length());
            SessionFilters projectSessions = new SessionFilters(null, id, null, null, new TimeWindow(null, null));
            return Uni.combine().all().unis(usage.usage(caller, id, usageWindow, window.granularity()),
                    usage.idleGpus(id),
                    sessions.newestFirst(caller, projectSessions, new PageRequest(0, SESSIONS_SHOWN))
                            .map(Page::items),
                    vms.ofProject(caller, id, new PageRequest(0, VIRTUAL_MACHINES_SHOWN)),
                    statements.ofProject(caller, new ProjectKey(project.cluster(), project.namespace()),
                            STATEMENTS_SHOWN))
                    .with((used, idle, latest, virtualMachines, statementList) -> new ProjectDetail(project, used,
                            window, idle, latest, virtualMachines, statementList));
        });
    }
}
