package org.aitelemetry.site.statement;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.aitelemetry.site.page.PageContext;
import org.aitelemetry.site.page.PageContext.Section;
import org.aitelemetry.site.page.PageProblem;
import org.aitelemetry.site.page.Pager;
import org.aitelemetry.site.page.Pages;
import org.aitelemetry.site.page.TableQuery;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * The statements the caller may see (an admin: the fleet's and everyone's), newest period first, with their HTML and
 * CSV for the signed-in session: the API's downloads take bearer tokens only.
 */
@Path("/pages/statements")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class StatementsPage {

    static final int PAGE_SIZE = 50;
    private static final String PATH = "/pages/statements";

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance statements(PageContext page, List<StatementView> statements, Pager pager);
    }

    private final Pages pages;
    private final StatementQueries statements;

    public StatementsPage(Pages pages, StatementQueries statements) {
        this.pages = pages;
        this.statements = statements;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Uni<TemplateInstance> statements(@RestQuery String page) {
        TableQuery query = TableQuery.parse(null, page, 0);
        PageContext context = pages.context("Statements", Section.STATEMENTS);
        return statements.list(pages.caller(), StatementFilters.NONE, query.request(PAGE_SIZE)).map(found ->
                Templates.statements(context, found.items(), Pager.of(found.page(), PATH, query)));
    }

    @GET
    @Path(StatementFormat.PATH)
    @Produces({StatementFormat.HTML_TYPE, StatementFormat.CSV_TYPE})
    public Uni<Response> document(@RestPath String statementId, @RestPath String format) {
        long id = PageProblem.id(statementId, "statement");
        return statements.document(pages.caller(), id, StatementFormat.of(format))
                .map(document -> PageProblem.found(document, "statement " + id).response());
    }
}
