package org.aitelemetry.site.caller;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Comparator;
import java.util.List;
import org.aitelemetry.site.api.ProjectRef;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.CurrentCaller;
import org.aitelemetry.site.security.Roles;

/** {@code GET /api/v1/me}: what the API makes of the caller's token, so a client can check its own access. */
@Path("/api/v1/me")
@Produces(MediaType.APPLICATION_JSON)
public class CallerResource {

    private final CurrentCaller currentCaller;

    public CallerResource(CurrentCaller currentCaller) {
        this.currentCaller = currentCaller;
    }

    @GET
    @RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
    public CallerView me() {
        Caller caller = currentCaller.get();
        List<ProjectRef> projects = caller.projects().stream()
                .map(project -> new ProjectRef(null, project.cluster(), project.namespace()))
                .sorted(Comparator.comparing(ProjectRef::cluster).thenComparing(ProjectRef::namespace)).toList();
        return new CallerView(caller.subject(), caller.username(), caller.roles().stream().sorted().toList(),
                caller.admin(), projects);
    }

    /** The wire model of {@code GET /api/v1/me}. */
    public record CallerView(String subject, String username, List<String> roles, boolean admin,
            List<ProjectRef> projects) {
    }
}
