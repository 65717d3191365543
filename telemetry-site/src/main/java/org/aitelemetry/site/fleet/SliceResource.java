package org.aitelemetry.site.fleet;

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
import org.aitelemetry.site.api.SortOrder;
import org.aitelemetry.site.security.CurrentCaller;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/** {@code /api/v1/slices}: MIG slices, attributed to their project only for its members and admins. */
@Path("/api/v1/slices")
@Produces({ApiMediaTypes.JSON, ApiMediaTypes.JSON_LD})
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class SliceResource {

    private final SliceQueries slices;
    private final CurrentCaller caller;

    public SliceResource(SliceQueries slices, CurrentCaller caller) {
        this.slices = slices;
        this.caller = caller;
    }

    @GET
    public Uni<Page<SliceView>> list(@RestQuery String page, @RestQuery String size, @RestQuery String cluster,
            @RestQuery String node, @RestQuery String device, @RestQuery String profile, @RestQuery String state,
            @RestQuery String sort) {
        SliceFilter filter = SliceFilter.parse(cluster, node, device, profile, state);
        return slices.list(caller.get(), filter, SortOrder.orderBy(sort, "device", SliceQueries.SORT_KEYS, "s.id"),
                PageRequest.of(page, size));
    }

    @GET
    @Path("/{sliceId}")
    public Uni<SliceView> get(@RestPath String sliceId) {
        return slices.byId(caller.get(), QueryParams.id("sliceId", sliceId)).map(slice -> Rows.found(slice, "slice"));
    }
}
