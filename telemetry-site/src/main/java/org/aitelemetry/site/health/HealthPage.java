package org.aitelemetry.site.health;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.UUID;
import org.aitelemetry.site.api.ApiProblem;
import org.aitelemetry.site.page.PageContext;
import org.aitelemetry.site.page.PageContext.Section;
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.security.Roles;

/**
 * The health page, and the on-demand check its form requests. The form posts with the session cookie, so it goes
 * through the CSRF check ({@link org.aitelemetry.site.security.CsrfProtection}) before it reaches here.
 */
@Path("/pages")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class HealthPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance health(PageContext page, HealthOverview overview);
    }

    /** What the form's script shows after a request was recorded. */
    public record Requested(UUID id, String state, String message) {
    }

    private final Pages pages;
    private final HealthOverviewService overviews;
    private final HealthCheckService checks;

    public HealthPage(Pages pages, HealthOverviewService overviews, HealthCheckService checks) {
        this.pages = pages;
        this.overviews = overviews;
        this.checks = checks;
    }

    @GET
    @Path("/health")
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> health() {
        PageContext page = pages.context("GPU health", Section.HEALTH);
        return overviews.overview(pages.caller()).map(overview -> Templates.health(page, overview));
    }

    @POST
    @Path("/health-checks")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> request(HealthCheckForm form) {
        if (form == null) {
            throw new ApiProblem(400, "invalid-body", "a body is required");
        }
        return checks.create(pages.caller(), form.toRequest()).map(created -> Response.status(201)
                .entity(new Requested(created.id(), created.state(), "Check " + created.id() + " requested ("
                        + created.state() + "); it appears below once the page is reloaded."))
                .build());
    }
}
