package org.aitelemetry.site.statement;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import org.aitelemetry.model.statement.StatementPeriod;
import org.aitelemetry.model.statement.StatementSubject;
import org.aitelemetry.site.api.ApiMediaTypes;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.QueryParams;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.TimeWindow;
import org.aitelemetry.site.security.CurrentCaller;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * {@code /api/v1/statements}: the chargeback statements the caller may see, their figures, and the HTML and CSV the
 * worker stored with them. One the caller may not see is not found, whatever its kind.
 */
@Path("/api/v1/statements")
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class StatementResource {

    private final StatementQueries statements;
    private final CurrentCaller caller;

    public StatementResource(StatementQueries statements, CurrentCaller caller) {
        this.statements = statements;
        this.caller = caller;
    }

    @GET
    @Produces(ApiMediaTypes.JSON)
    public Uni<Page<StatementView>> list(@RestQuery String page, @RestQuery String size, @RestQuery String project,
            @RestQuery String subjectKind, @RestQuery String periodKind, @RestQuery String from,
            @RestQuery String to) {
        StatementFilters filters = new StatementFilters(QueryParams.id("project", project),
                QueryParams.enumerated("subjectKind", subjectKind, StatementSubject.class),
                QueryParams.enumerated("periodKind", periodKind, StatementPeriod.class), TimeWindow.of(from, to));
        return statements.list(caller.get(), filters, PageRequest.of(page, size));
    }

    @GET
    @Path("/{statementId}")
    @Produces(ApiMediaTypes.JSON)
    public Uni<StatementView> get(@RestPath String statementId) {
        return statements.byId(caller.get(), QueryParams.id("statementId", statementId))
                .map(statement -> Rows.found(statement, "statement"));
    }

    /** The stored HTML or CSV ({@code getStatementHtml}, {@code getStatementCsv}). */
    @GET
    @Path(StatementFormat.PATH)
    @Produces({StatementFormat.HTML_TYPE, StatementFormat.CSV_TYPE})
    public Uni<Response> document(@RestPath String statementId, @RestPath String format) {
        return statements.document(caller.get(), QueryParams.id("statementId", statementId),
                StatementFormat.of(format)).map(document -> Rows.found(document, "statement").response());
    }
}
