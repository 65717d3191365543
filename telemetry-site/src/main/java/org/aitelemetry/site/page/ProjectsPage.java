package org.aitelemetry.site.page;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.QueryParams;
import org.aitelemetry.site.page.PageContext.Section;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestQuery;

/** The research projects the caller may see, searchable and paged. */
@Path("/pages/projects")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class ProjectsPage {

    static final int PAGE_SIZE = 50;
    private static final String PATH = "/pages/projects";

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance projects(PageContext page, List<ProjectRow> projects, PageLinks paging,
                String q, String cluster);
    }

    private final Pages pages;
    private final ProjectListQueries queries;

    public ProjectsPage(Pages pages, ProjectListQueries queries) {
        this.pages = pages;
        this.queries = queries;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> projects(@RestQuery String q, @RestQuery String cluster, @RestQuery String page) {
        String search = QueryParams.text("q", q, 200);
        String clusterName = QueryParams.text("cluster", cluster, 253);
        PageRequest request = PageRequest.of(page, Integer.toString(PAGE_SIZE));
        PageContext context = pages.context("Research projects", Section.PROJECTS);
        return queries.list(pages.caller(), clusterName, search, request).map(found -> Templates.projects(context,
                found.items(), PageLinks.of(found.page(), PATH, Map.of("q", nullToEmpty(search), "cluster",
                        nullToEmpty(clusterName))), search, clusterName));
    }

    private static String nullToEmpty(String text) {
        return text == null ? "" : text;
    }
}
