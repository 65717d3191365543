package org.aitelemetry.site.fleet;

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
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.security.Roles;

/** The fleet overview: clusters with their GPUs total / busy / idle / unhealthy, charts, top projects, failures. */
@Path("/pages/fleet")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class FleetPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance fleet(PageContext page, FleetOverview overview);
    }

    private final Pages pages;
    private final FleetOverviewService overviews;

    public FleetPage(Pages pages, FleetOverviewService overviews) {
        this.pages = pages;
        this.overviews = overviews;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> fleet() {
        PageContext page = pages.context("Fleet overview", Section.FLEET);
        return overviews.overview(pages.caller()).map(overview -> Templates.fleet(page, overview));
    }
}
