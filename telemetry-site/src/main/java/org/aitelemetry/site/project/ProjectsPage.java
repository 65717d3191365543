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
import org.aitelemetry.site.page.PageContext;
import org.aitelemetry.site.page.PageContext.Section;
import org.aitelemetry.site.page.Pager;
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.page.TableQuery;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestQuery;

/** The research projects the caller may see, searchable and paged. */
@Path("/pages/projects")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class ProjectsPage {

    static final int PAGE_SIZE = 50;
    private static final int MAX_SEARCH = 200;
    private static final String PATH = "/pages/projects";

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance projects(PageContext page, List<ProjectRow> projects, Pager pager,
                String q);
    }

    private final Pages pages;
    private final ProjectQueries projects;

    public ProjectsPage(Pages pages, ProjectQueries projects) {
        this.pages = pages;
        this.projects = projects;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> projects(@RestQuery String q, @RestQuery String page) {
        TableQuery query = TableQuery.parse(q, page, MAX_SEARCH);
        PageContext context = pages.context("Research projects", Section.PROJECTS);
        return projects.table(pages.caller(), query.search(), query.request(PAGE_SIZE)).map(found -> Templates
                .projects(context, found.items(), Pager.of(found.page(), PATH, query), query.search()));
    }
}
