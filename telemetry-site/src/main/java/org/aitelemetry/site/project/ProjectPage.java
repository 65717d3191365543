package org.aitelemetry.site.project;

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
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * A research project: allocation against use, efficiency, idle GPUs, GPU-hours, energy and cost over a window, health
 * flags, charts and usage sessions with their traces. Members and admins only; anyone else gets a 404.
 */
@Path("/pages/projects/{projectId}")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class ProjectPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance project(PageContext page, ProjectDetail detail, UsageWindow[] windows);
    }

    private final Pages pages;
    private final ProjectDetailService details;

    public ProjectPage(Pages pages, ProjectDetailService details) {
        this.pages = pages;
        this.details = details;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> project(@RestPath String projectId, @RestQuery String window) {
        long id = PageProblem.id(projectId, "project");
        UsageWindow usageWindow = window == null || window.isEmpty() ? UsageWindow.WEEK : UsageWindow.parse(window)
                .orElseThrow(() -> PageProblem.badParameter("window", "must be one of 24h, 7d, 30d"));
        return details.detail(pages.caller(), id, usageWindow).map(detail -> {
            PageProblem.found(detail, "project " + id);
            PageContext page = pages.context(detail.project().cluster() + "/" + detail.project().namespace(),
                    Section.PROJECTS);
            return Templates.project(page, detail, UsageWindow.values());
        });
    }
}
