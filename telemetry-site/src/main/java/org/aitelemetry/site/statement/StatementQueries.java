package org.aitelemetry.site.statement;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.model.statement.StatementPeriod;
import org.aitelemetry.model.statement.StatementSubject;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.ProjectRef;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.ProjectKey;

/**
 * Reads the statements the caller may see (docs/security.md): a project's to its members, by the cluster and namespace
 * it was made for (the project row may be gone since); a manager's to the person with that verified e-mail address;
 * the fleet's to admins only. Admins see all. Anything else is not found.
 */
@ApplicationScoped
public class StatementQueries {

    /** The order lists show statements in: the latest period first. */
    private static final String NEWEST_FIRST = "st.period_start DESC, st.subject_kind, st.subject_key, st.id DESC";
    private static final PagedQuery LIST = new PagedQuery("""
            st.id, st.subject_kind, st.subject_key, st.period_kind, st.period_start, st.period_end, st.project_id,
            st.cluster_name, st.namespace, st.title, st.currency, st.allocated_gpu_hours, st.used_gpu_hours,
            st.idle_gpu_hours, st.energy_kwh, st.cost_allocation_basis, st.cost_usage_basis, st.health_credit,
            st.generated_at""", "statement st");
    private static final String VISIBLE = """
            (st.subject_kind = 'PROJECT'
               AND (st.cluster_name, st.namespace) IN (SELECT * FROM unnest(?::text[], ?::text[]))
             OR st.subject_kind = 'MANAGER' AND lower(st.subject_key) = lower(?::text))""";

    private final Pool pool;

    public StatementQueries(Pool pool) {
        this.pool = pool;
    }

    /** Filters are optional (null); newest period first. */
    public Uni<Page<StatementView>> list(Caller caller, StatementFilters filters, PageRequest page) {
        SqlFilter filter = visibleTo(caller).when(filters.projectId(), "st.project_id = ?")
                .when(name(filters.subject()), "st.subject_kind = ?")
                .when(name(filters.period()), "st.period_kind = ?")
                .when(filters.window().fromUtc(), "st.period_start >= ?")
                .when(filters.window().toUtc(), "st.period_start < ?");
        return LIST.run(pool, filter, NEWEST_FIRST, page, StatementQueries::view);
    }

    /** A project's statements, newest first, matched by the cluster and namespace they were made for. */
    public Uni<List<StatementView>> ofProject(Caller caller, ProjectKey project, int limit) {
        SqlFilter filter = visibleTo(caller).and("st.subject_kind = 'PROJECT' AND st.cluster_name = ?"
                + " AND st.namespace = ?", project.cluster(), project.namespace());
        return LIST.run(pool, filter, NEWEST_FIRST, new PageRequest(0, limit), StatementQueries::view)
                .map(Page::items);
    }

    /** The statement, or null when it does not exist or is not the caller's to see. */
    public Uni<StatementView> byId(Caller caller, long id) {
        return LIST.first(pool, visibleTo(caller).and("st.id = ?", id), StatementQueries::view);
    }

    /** The statement's stored HTML or CSV, or null when it does not exist or is not the caller's to see. */
    public Uni<StatementDocument> document(Caller caller, long id, StatementFormat format) {
        PagedQuery query = new PagedQuery("st.id, st.subject_key, st.period_kind, st.period_start, st."
                + format.column() + " AS body", "statement st");
        return query.first(pool, visibleTo(caller).and("st.id = ?", id), row -> new StatementDocument(
                row.getLong("id"), format, row.getString("subject_key"),
                StatementPeriod.valueOf(row.getString("period_kind")), row.getOffsetDateTime("period_start"),
                row.getString("body")));
    }

    private static SqlFilter visibleTo(Caller caller) {
        SqlFilter filter = new SqlFilter();
        return caller.admin() ? filter
                : filter.and(VISIBLE, caller.clusters(), caller.namespaces(), caller.verifiedEmail());
    }

    private static String name(Enum<?> value) {
        return value == null ? null : value.name();
    }

    private static StatementView view(Row row) {
        String cluster = row.getString("cluster_name");
        ProjectRef project = cluster == null ? null
                : new ProjectRef(row.getLong("project_id"), cluster, row.getString("namespace"));
        return new StatementView(row.getLong("id"), StatementSubject.valueOf(row.getString("subject_kind")),
                row.getString("subject_key"), StatementPeriod.valueOf(row.getString("period_kind")),
                row.getOffsetDateTime("period_start"), row.getOffsetDateTime("period_end"), project,
                row.getString("title"), row.getString("currency"), row.getDouble("allocated_gpu_hours"),
                row.getDouble("used_gpu_hours"), row.getDouble("idle_gpu_hours"), row.getDouble("energy_kwh"),
                row.getBigDecimal("cost_allocation_basis"), row.getBigDecimal("cost_usage_basis"),
                row.getBigDecimal("health_credit"), row.getOffsetDateTime("generated_at"));
    }
}
