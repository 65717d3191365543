package org.aitelemetry.site.project;

import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.aitelemetry.site.api.LikePattern;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.security.Caller;

/** Reads research projects, only the caller's (all for an admin). */
@ApplicationScoped
public class ProjectQueries {

    static final Map<String, String> SORT_KEYS = Map.of("namespace", "p.namespace", "gpusRequested",
            "p.gpus_requested", "lastSeenAt", "p.last_seen_at", "pi", "p.pi", "institution", "p.institution");
    private static final PagedQuery LIST = new PagedQuery("""
            p.id, c.name AS cluster, p.namespace, p.title, p.description, p.pi, p.institution, p.allocation_id,
            p.allocation_project_id, p.field_of_science, p.metadata_source, p.active, p.gpus_requested,
            p.mig_requested, p.restarting_pods, p.terminating_pods, p.full_pvcs, p.vllm_detected, p.flags_at, p.state,
            p.last_seen_at""", "research_project p JOIN ai_cluster c ON c.id = p.cluster_id");
    /** The projects page's table: fewer columns, and the sessions each holds open now. */
    private static final PagedQuery TABLE = new PagedQuery("""
            p.id, c.name AS cluster, p.namespace, p.title, p.pi, p.institution, p.active, p.gpus_requested,
            p.restarting_pods,
            p.terminating_pods, p.full_pvcs,
            (SELECT count(*) FROM usage_session s WHERE s.project_id = p.id AND s.state = 'OPEN') AS open_sessions""",
            "research_project p JOIN ai_cluster c ON c.id = p.cluster_id");

    /** Formatted with the grouped column and the WHERE clause; the unknown group last. */
    private static final String GROUPS = """
            SELECT %1$s AS key, count(*) AS projects, count(DISTINCT p.cluster_id) AS clusters,
                   sum(p.gpus_requested) AS gpus_requested
            FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id %2$s
            GROUP BY %1$s ORDER BY %1$s IS NULL, count(*) DESC, %1$s""";

    private final Pool pool;

    public ProjectQueries(Pool pool) {
        this.pool = pool;
    }

    /** Filters are optional (null); {@code orderBy} comes from {@link org.aitelemetry.site.api.SortOrder}. */
    Uni<Page<ProjectView>> list(Caller caller, ProjectFilter filters, String orderBy, PageRequest page) {
        SqlFilter filter = filtered(caller, filters);
        return LIST.run(pool, filter, orderBy, page, ProjectQueries::view);
    }

    /** The caller's projects (with the list's filters) grouped by PI or institution, the largest groups first. */
    Uni<List<ProjectGroup>> groups(Caller caller, ProjectFilter filters, ProjectGrouping by) {
        SqlFilter filter = filtered(caller, filters);
        return pool.preparedQuery(GROUPS.formatted(by.column(), filter.where())).execute(filter.tuple())
                .map(rows -> Rows.all(rows, row -> new ProjectGroup(row.getString("key"),
                        row.getLong("projects").intValue(), row.getLong("clusters").intValue(),
                        row.getDouble("gpus_requested"))));
    }

    /** The project, or null when it does not exist or is not the caller's. */
    public Uni<ProjectView> byId(Caller caller, long id) {
        SqlFilter filter = visibleTo(caller).and("p.id = ?", id);
        return LIST.first(pool, filter, ProjectQueries::view);
    }

    /**
     * One page of the projects table, searched by a prefix of the namespace, title, PI or institution (null: every
     * project).
     */
    public Uni<Page<ProjectRow>> table(Caller caller, String search, PageRequest page) {
        SqlFilter filter = visibleTo(caller);
        if (search != null && !search.isBlank()) {
            String pattern = LikePattern.prefix(search.strip().toLowerCase());
            filter.and("(p.namespace LIKE ? ESCAPE '\\' OR lower(p.title) LIKE ? ESCAPE '\\' OR lower(p.pi) LIKE ?"
                    + " ESCAPE '\\' OR lower(p.institution) LIKE ? ESCAPE '\\')", pattern, pattern, pattern, pattern);
        }
        return TABLE.run(pool, filter, "c.name, p.namespace, p.id", page, ProjectQueries::row);
    }

    private static SqlFilter filtered(Caller caller, ProjectFilter filters) {
        return visibleTo(caller).when(filters.cluster(), "c.name = ?").when(filters.state(), "p.state = ?")
                .when(filters.active(), "p.active = ?").when(filters.pi(), "p.pi = ?")
                .when(filters.institution(), "p.institution = ?");
    }

    static SqlFilter visibleTo(Caller caller) {
        return new SqlFilter().memberOf(caller, "c.name", "p.namespace");
    }

    private static ProjectView view(Row row) {
        return new ProjectView(row.getLong("id"), row.getString("cluster"), row.getString("namespace"),
                row.getString("title"), row.getString("description"), row.getString("pi"),
                row.getString("institution"), row.getString("allocation_id"), row.getString("allocation_project_id"),
                row.getString("field_of_science"), row.getString("metadata_source"), row.getBoolean("active"),
                row.getDouble("gpus_requested"), counts(row.getJsonObject("mig_requested")),
                row.getInteger("restarting_pods"), row.getInteger("terminating_pods"), row.getInteger("full_pvcs"),
                row.getBoolean("vllm_detected"), row.getOffsetDateTime("flags_at"), row.getString("state"),
                row.getOffsetDateTime("last_seen_at"));
    }

    private static ProjectRow row(Row row) {
        return new ProjectRow(row.getLong("id"), row.getString("cluster"), row.getString("namespace"),
                row.getString("title"), row.getString("pi"), row.getString("institution"), row.getBoolean("active"),
                row.getDouble("gpus_requested"),
                row.getLong("open_sessions").intValue(), row.getInteger("restarting_pods"),
                row.getInteger("terminating_pods"), row.getInteger("full_pvcs"));
    }

    /** The jsonb object of MIG resource → count; anything not a number is not a count and is left out. */
    private static Map<String, Number> counts(JsonObject json) {
        Map<String, Number> counts = new TreeMap<>();
        json.forEach(entry -> {
            if (entry.getValue() instanceof Number count) {
                counts.put(entry.getKey(), count);
            }
        });
        return counts;
    }
}
