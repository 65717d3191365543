package org.aitelemetry.site.session;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.aitelemetry.model.usage.SessionState;
import org.aitelemetry.site.api.ApiMediaTypes;
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

/** {@code /api/v1/sessions}: GPU usage sessions of the caller's projects (an admin's: all), newest first. */
@Path("/api/v1/sessions")
@Produces({ApiMediaTypes.JSON, ApiMediaTypes.JSON_LD})
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class SessionResource {

    private final SessionQueries sessions;
    private final CurrentCaller caller;

    public SessionResource(SessionQueries sessions, CurrentCaller caller) {
        this.sessions = sessions;
        this.caller = caller;
    }

    @GET
    public Uni<Page<SessionView>> list(@RestQuery String page, @RestQuery String size, @RestQuery String cluster,
            @RestQuery String project, @RestQuery String device, @RestQuery String state, @RestQuery String from,
            @RestQuery String to, @RestQuery String sort) {
        SessionState sessionState = QueryParams.enumerated("state", state, SessionState.class);
        SessionFilters filters = new SessionFilters(QueryParams.text("cluster", cluster, 253),
                QueryParams.id("project", project), QueryParams.text("device", device, 64),
                sessionState == null ? null : sessionState.name(), TimeWindow.of(from, to));
        return sessions.list(caller.get(), filters,
                SortOrder.orderBy(sort, "-startsAt", SessionQueries.SORT_KEYS, "s.id"), PageRequest.of(page, size));
    }

    @GET
    @Path("/{sessionId}")
    public Uni<SessionView> get(@RestPath String sessionId) {
        return sessions.byId(caller.get(), QueryParams.id("sessionId", sessionId))
                .map(session -> Rows.found(session, "session"));
    }
}
