package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.aitelemetry.site.api.ApiMediaTypes;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.QueryParams;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/** {@code /api/v1/devices/{uuid}/health}: a GPU's health verdicts from probe runs, newest first. */
@Path("/api/v1/devices/{uuid}/health")
@Produces(ApiMediaTypes.JSON)
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class DeviceHealthResource {

    private static final int UUID_MAX = 64;

    private final DeviceHealthQueries health;

    public DeviceHealthResource(DeviceHealthQueries health) {
        this.health = health;
    }

    @GET
    public Uni<Page<HealthVerdictEntry>> history(@RestPath String uuid, @RestQuery String page,
            @RestQuery String size, @RestQuery String from, @RestQuery String to) {
        return health.history(QueryParams.text("uuid", uuid, UUID_MAX), Timestamps.utc(QueryParams.time("from", from)),
                Timestamps.utc(QueryParams.time("to", to)), PageRequest.of(page, size))
                .map(history -> Rows.found(history, "device"));
    }
}
