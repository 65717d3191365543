package org.aitelemetry.site.fleet;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.aitelemetry.model.fleet.PresenceState;
import org.aitelemetry.site.api.ApiMediaTypes;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.QueryParams;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SortOrder;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/** {@code /api/v1/clusters}: the AI clusters the metric sources report. */
@Path("/api/v1/clusters")
@Produces({ApiMediaTypes.JSON, ApiMediaTypes.JSON_LD})
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class ClusterResource {

    private final ClusterQueries clusters;

    public ClusterResource(ClusterQueries clusters) {
        this.clusters = clusters;
    }

    @GET
    public Uni<Page<ClusterView>> list(@RestQuery String page, @RestQuery String size, @RestQuery String state,
            @RestQuery String sort) {
        PresenceState presence = QueryParams.enumerated("state", state, PresenceState.class);
        return clusters.list(presence == null ? null : presence.name(),
                SortOrder.orderBy(sort, "name", ClusterQueries.SORT_KEYS, "c.id"), PageRequest.of(page, size));
    }

    @GET
    @Path("/{clusterId}")
    public Uni<ClusterView> get(@RestPath String clusterId) {
        return clusters.byId(QueryParams.id("clusterId", clusterId)).map(cluster -> Rows.found(cluster, "cluster"));
    }
}
