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
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/** {@code /api/v1/gpus}: the GPU SKU catalogue with datasheet peaks and achievable baselines. */
@Path("/api/v1/gpus")
@Produces({ApiMediaTypes.JSON, ApiMediaTypes.JSON_LD})
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class GpuSkuResource {

    private final GpuSkuQueries skus;

    public GpuSkuResource(GpuSkuQueries skus) {
        this.skus = skus;
    }

    @GET
    public Uni<Page<GpuSkuView>> list(@RestQuery String page, @RestQuery String size, @RestQuery String sort) {
        return skus.list(SortOrder.orderBy(sort, "productName", GpuSkuQueries.SORT_KEYS, "g.id"),
                PageRequest.of(page, size));
    }

    @GET
    @Path("/{gpuId}")
    public Uni<GpuSkuView> get(@RestPath String gpuId) {
        return skus.byId(QueryParams.id("gpuId", gpuId)).map(sku -> Rows.found(sku, "GPU SKU"));
    }
}
