package org.aitelemetry.site.vm;

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

/**
 * {@code /api/v1/virtual-machines}: KubeVirt VMs with GPUs passed through to them, of the caller's projects (an
 * admin's: all). Their hours are allocation-based: dcgm-exporter cannot see a GPU inside a VM.
 */
@Path("/api/v1/virtual-machines")
@Produces({ApiMediaTypes.JSON, ApiMediaTypes.JSON_LD})
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class VirtualMachineResource {

    private final VirtualMachineQueries vms;
    private final CurrentCaller caller;

    public VirtualMachineResource(VirtualMachineQueries vms, CurrentCaller caller) {
        this.vms = vms;
        this.caller = caller;
    }

    @GET
    public Uni<Page<VirtualMachineView>> list(@RestQuery String page, @RestQuery String size,
            @RestQuery String cluster, @RestQuery String namespace, @RestQuery String state,
            @RestQuery String gpuModel, @RestQuery String phase, @RestQuery String sort) {
        VirtualMachineFilter filter = VirtualMachineFilter.parse(cluster, namespace, state, gpuModel, phase);
        return vms.list(caller.get(), filter, SortOrder.orderBy(sort, "name", VirtualMachineQueries.SORT_KEYS, "v.id"),
                PageRequest.of(page, size));
    }

    @GET
    @Path("/{virtualMachineId}")
    public Uni<VirtualMachineDetail> get(@RestPath String virtualMachineId) {
        return vms.detail(caller.get(), QueryParams.id("virtualMachineId", virtualMachineId))
                .map(vm -> Rows.found(vm, "virtual machine"));
    }
}
