package org.aitelemetry.site.fleet;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.aitelemetry.model.fleet.TaintState;
import org.aitelemetry.site.api.ApiMediaTypes;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.QueryParams;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SortOrder;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/** {@code /api/v1/nodes}: the GPU nodes of all clusters. */
@Path("/api/v1/nodes")
@Produces({ApiMediaTypes.JSON, ApiMediaTypes.JSON_LD})
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class NodeResource {

    private final NodeQueries nodes;

    public NodeResource(NodeQueries nodes) {
        this.nodes = nodes;
    }

    @GET
    public Uni<Page<NodeView>> list(@RestQuery String page, @RestQuery String size, @RestQuery String cluster,
            @RestQuery String model, @RestQuery String state, @RestQuery String health,
            @RestQuery String taintState, @RestQuery String sort) {
        FleetFilter filter = FleetFilter.parse(cluster, null, model, state, health);
        TaintState taint = QueryParams.enumerated("taintState", taintState, TaintState.class);
        return nodes.list(filter, taint == null ? null : taint.name(),
                SortOrder.orderBy(sort, "name", NodeQueries.SORT_KEYS, "n.id"), PageRequest.of(page, size));
    }

    @GET
    @Path("/{nodeId}")
    public Uni<NodeView> get(@RestPath String nodeId) {
        return nodes.byId(QueryParams.id("nodeId", nodeId)).map(node -> Rows.found(node, "node"));
    }
}
