package org.aitelemetry.site.project;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.aitelemetry.model.fleet.PresenceState;
import org.aitelemetry.site.api.ApiMediaTypes;
import org.aitelemetry.site.api.ApiProblem;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.QueryParams;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SortOrder;
import org.aitelemetry.site.api.TimeWindow;
import org.aitelemetry.site.security.CurrentCaller;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/** {@code /api/v1/projects}: the caller's research projects and their usage (an admin's: all of them). */
@Path("/api/v1/projects")
@Produces({ApiMediaTypes.JSON, ApiMediaTypes.JSON_LD})
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class ProjectResource {

    private static final Duration DEFAULT_USAGE_WINDOW = Duration.ofDays(7);
    private static final Duration MAX_USAGE_WINDOW = Duration.ofDays(366);

    private final ProjectQueries projects;
    private final ProjectUsageQueries usage;
    private final CurrentCaller caller;

    public ProjectResource(ProjectQueries projects, ProjectUsageQueries usage, CurrentCaller caller) {
        this.projects = projects;
        this.usage = usage;
        this.caller = caller;
    }

    @GET
    public Uni<Page<ProjectView>> list(@RestQuery String page, @RestQuery String size, @RestQuery String cluster,
            @RestQuery String state, @RestQuery String active, @RestQuery String pi, @RestQuery String institution,
            @RestQuery String sort) {
        return projects.list(caller.get(), filter(cluster, state, active, pi, institution),
                SortOrder.orderBy(sort, "namespace", ProjectQueries.SORT_KEYS, "p.id"), PageRequest.of(page, size));
    }

    @GET
    @Path("/groups")
    @Produces(ApiMediaTypes.JSON)
    public Uni<List<ProjectGroup>> groups(@RestQuery String by, @RestQuery String cluster, @RestQuery String state,
            @RestQuery String active, @RestQuery String pi, @RestQuery String institution) {
        ProjectGrouping grouping = QueryParams.enumerated("by", by, ProjectGrouping.class);
        if (grouping == null) {
            throw ApiProblem.badParameter("by", "is required: pi or institution");
        }
        return projects.groups(caller.get(), filter(cluster, state, active, pi, institution), grouping);
    }

    private static ProjectFilter filter(String cluster, String state, String active, String pi, String institution) {
        PresenceState presence = QueryParams.enumerated("state", state, PresenceState.class);
        return new ProjectFilter(QueryParams.text("cluster", cluster, 253), presence == null ? null : presence.name(),
                QueryParams.bool("active", active), QueryParams.text("pi", pi, 253),
                QueryParams.text("institution", institution, 253));
    }

    @GET
    @Path("/{projectId}")
    public Uni<ProjectView> get(@RestPath String projectId) {
        return projects.byId(caller.get(), QueryParams.id("projectId", projectId))
                .map(project -> Rows.found(project, "project"));
    }

    @GET
    @Path("/{projectId}/usage")
    @Produces(ApiMediaTypes.JSON)
    public Uni<ProjectUsage> usage(@RestPath String projectId, @RestQuery String from, @RestQuery String to,
            @RestQuery String granularity) {
        long id = QueryParams.id("projectId", projectId);
        TimeWindow window = TimeWindow.of(from, to).closed(Instant.now(), DEFAULT_USAGE_WINDOW, MAX_USAGE_WINDOW);
        Granularity width = QueryParams.enumerated("granularity", granularity, Granularity.class);
        return usage.usage(caller.get(), id, window, width == null ? Granularity.day : width)
                .map(result -> Rows.found(result, "project"));
    }
}
