package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.aitelemetry.model.health.ProbeVerdict;
import org.aitelemetry.site.api.ApiMediaTypes;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.QueryParams;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SortOrder;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/** {@code /api/v1/probe-runs}: gpu-probe runs, newest first, and one run with its per-GPU results. */
@Path("/api/v1/probe-runs")
@Produces({ApiMediaTypes.JSON, ApiMediaTypes.JSON_LD})
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class ProbeRunResource {

    private static final int NAME_MAX = 253;

    private final ProbeRunQueries runs;

    public ProbeRunResource(ProbeRunQueries runs) {
        this.runs = runs;
    }

    @GET
    public Uni<Page<ProbeRunView>> list(@RestQuery String page, @RestQuery String size, @RestQuery String cluster,
            @RestQuery String node, @RestQuery String verdict, @RestQuery String from, @RestQuery String to,
            @RestQuery String sort) {
        ProbeVerdict runVerdict = QueryParams.enumerated("verdict", verdict, ProbeVerdict.class);
        ProbeRunFilter filter = new ProbeRunFilter(QueryParams.text("cluster", cluster, NAME_MAX),
                QueryParams.text("node", node, NAME_MAX), runVerdict == null ? null : runVerdict.name(),
                QueryParams.time("from", from), QueryParams.time("to", to));
        return runs.list(filter, SortOrder.orderBy(sort, "-startedAt", ProbeRunQueries.SORT_KEYS, "p.id"),
                PageRequest.of(page, size));
    }

    @GET
    @Path("/{runId}")
    public Uni<ProbeRunDetailView> get(@RestPath String runId) {
        return runs.byRunId(QueryParams.uuid("runId", runId)).map(run -> Rows.found(run, "probe run"));
    }
}
