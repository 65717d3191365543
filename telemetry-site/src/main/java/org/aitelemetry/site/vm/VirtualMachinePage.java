package org.aitelemetry.site.vm;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.aitelemetry.site.page.PageContext;
import org.aitelemetry.site.page.PageContext.Section;
import org.aitelemetry.site.page.PageProblem;
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;

/**
 * A virtual machine: where it runs, its GPUs, what KubeVirt says of it, and its GPU-hours and cost over the last 30
 * days, allocation-based. Scoped as {@code GET /api/v1/virtual-machines/{id}}: another project's VM is not found.
 */
@Path(VirtualMachinesPage.PATH + "/{id}")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class VirtualMachinePage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance virtualMachine(PageContext page, VirtualMachineDetail detail);
    }

    private final Pages pages;
    private final VirtualMachineQueries vms;

    public VirtualMachinePage(Pages pages, VirtualMachineQueries vms) {
        this.pages = pages;
        this.vms = vms;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> virtualMachine(@RestPath String id) {
        long vmId = PageProblem.id(id, "virtual machine");
        Caller caller = pages.caller();
        return vms.detail(caller, vmId).map(detail -> {
            PageProblem.found(detail, "virtual machine '" + id + "'");
            VirtualMachineView vm = detail.virtualMachine();
            return Templates.virtualMachine(PageContext.of(caller, "Virtual machine " + vm.cluster() + "/"
                    + vm.namespace() + "/" + vm.name(), Section.VIRTUAL_MACHINES), detail);
        });
    }
}
