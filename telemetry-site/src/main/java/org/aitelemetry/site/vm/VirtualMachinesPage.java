package org.aitelemetry.site.vm;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.aitelemetry.site.page.PageContext;
import org.aitelemetry.site.page.PageContext.Section;
import org.aitelemetry.site.page.Pager;
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.page.TableQuery;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestQuery;

/** The virtual machines with GPUs of the caller's projects (an admin's: all), searchable and paged. */
@Path(VirtualMachinesPage.PATH)
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class VirtualMachinesPage {

    static final String PATH = "/pages/virtual-machines";
    static final int PAGE_SIZE = 50;
    private static final int MAX_SEARCH = 253;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance virtualMachines(PageContext page, List<VirtualMachineView> vms, Pager pager,
                String q);
    }

    private final Pages pages;
    private final VirtualMachineQueries vms;

    public VirtualMachinesPage(Pages pages, VirtualMachineQueries vms) {
        this.pages = pages;
        this.vms = vms;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> virtualMachines(@RestQuery String q, @RestQuery String page) {
        TableQuery query = TableQuery.parse(q, page, MAX_SEARCH);
        PageContext context = pages.context("Virtual machines", Section.VIRTUAL_MACHINES);
        return vms.table(pages.caller(), query.search(), query.request(PAGE_SIZE)).map(found -> Templates
                .virtualMachines(context, found.items(), Pager.of(found.page(), PATH, query), query.search()));
    }
}
