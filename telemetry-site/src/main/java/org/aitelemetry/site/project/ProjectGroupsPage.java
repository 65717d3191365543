package org.aitelemetry.site.project;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.aitelemetry.site.api.QueryParams;
import org.aitelemetry.site.page.PageContext.Section;
import org.aitelemetry.site.page.PageContext;
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestQuery;

/** The caller's present projects grouped by PI or by institution, each group a link to its projects. */
@Path("/pages/projects/groups")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class ProjectGroupsPage {

    private static final ProjectFilter PRESENT = new ProjectFilter(null, "PRESENT", null, null, null);

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance groups(PageContext page, ProjectGrouping by, List<ProjectGroup> groups);
    }

    private final Pages pages;
    private final ProjectQueries projects;

    public ProjectGroupsPage(Pages pages, ProjectQueries projects) {
        this.pages = pages;
        this.projects = projects;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> groups(@RestQuery String by) {
        ProjectGrouping grouping = QueryParams.enumerated("by", by, ProjectGrouping.class);
        ProjectGrouping shown = grouping == null ? ProjectGrouping.pi : grouping;
        PageContext context = pages.context("Research projects by " + (shown == ProjectGrouping.pi ? "PI"
                : "institution"), Section.PROJECTS);
        return projects.groups(pages.caller(), PRESENT, shown)
                .map(found -> Templates.groups(context, shown, found));
    }
}
