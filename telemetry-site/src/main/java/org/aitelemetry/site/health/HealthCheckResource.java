package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.aitelemetry.model.health.HealthCheckState;
import org.aitelemetry.site.api.ApiMediaTypes;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.QueryParams;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.security.CurrentCaller;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** {@code /api/v1/health-checks}: asking for gpu-probe runs, and following the requests one may see. */
@Path("/api/v1/health-checks")
@Produces(ApiMediaTypes.JSON)
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class HealthCheckResource {

    private static final int NAME_MAX = 253;

    private final HealthCheckQueries requests;
    private final HealthCheckService service;
    private final CurrentCaller caller;

    public HealthCheckResource(HealthCheckQueries requests, HealthCheckService service, CurrentCaller caller) {
        this.requests = requests;
        this.service = service;
        this.caller = caller;
    }

    @GET
    public Uni<Page<HealthCheckView>> list(@RestQuery String page, @RestQuery String size,
            @RestQuery String cluster, @RestQuery String state) {
        HealthCheckState requestState = QueryParams.enumerated("state", state, HealthCheckState.class);
        return requests.list(caller.get(), QueryParams.text("cluster", cluster, NAME_MAX),
                requestState == null ? null : requestState.name(), PageRequest.of(page, size));
    }

    @POST
    @Consumes(ApiMediaTypes.JSON)
    public Uni<RestResponse<HealthCheckView>> create(HealthCheckCreate body) {
        return service.create(caller.get(), body).map(created -> RestResponse.ResponseBuilder
                .create(RestResponse.Status.CREATED, created)
                .header("Location", "/api/v1/health-checks/" + created.id()).build());
    }

    @GET
    @Path("/{requestId}")
    public Uni<HealthCheckView> get(@RestPath String requestId) {
        return requests.byId(caller.get(), QueryParams.uuid("requestId", requestId))
                .map(request -> Rows.found(request, "health-check request"));
    }
}
