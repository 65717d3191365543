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

/** {@code /api/v1/devices}: the GPUs with their latest readings and health verdicts, keyed by UUID. */
@Path("/api/v1/devices")
@Produces({ApiMediaTypes.JSON, ApiMediaTypes.JSON_LD})
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class DeviceResource {

    /** The contract's limit on a device UUID. */
    static final int UUID_MAX_LENGTH = 64;

    private final DeviceQueries devices;

    public DeviceResource(DeviceQueries devices) {
        this.devices = devices;
    }

    @GET
    public Uni<Page<DeviceView>> list(@RestQuery String page, @RestQuery String size, @RestQuery String cluster,
            @RestQuery String node, @RestQuery String model, @RestQuery String state, @RestQuery String health,
            @RestQuery String vendor, @RestQuery String sort) {
        DeviceFilter filter = DeviceFilter.parse(cluster, node, model, state, health, vendor);
        return devices.list(filter, SortOrder.orderBy(sort, "node", DeviceQueries.SORT_KEYS, "d.uuid"),
                PageRequest.of(page, size));
    }

    @GET
    @Path("/{uuid}")
    public Uni<DeviceView> get(@RestPath String uuid) {
        return devices.byUuid(QueryParams.text("uuid", uuid, UUID_MAX_LENGTH))
                .map(device -> Rows.found(device, "device"));
    }
}
