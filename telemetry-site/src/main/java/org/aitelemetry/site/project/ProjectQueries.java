package org.aitelemetry.site.project;

import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.TreeMap;
import org.aitelemetry.site.api.LikePattern;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.security.Caller;

/** Reads research projects, only the caller's (all for an admin). */
@ApplicationScoped
public class ProjectQueries {

    static final Map<String, String> SORT_KEYS = Map.of("namespace", "p.namespace", "gpusRequested",
            "p.gpus_requested", "lastSeenAt", "p.last_seen_at");
    private static final PagedQuery LIST = new PagedQuery("""
            p.id, c.name AS cluster, p.namespace, p.title, p.description, p.active, p.gpus_requested, p.mig_requested,
            p.restarting_pods, p.terminating_pods, p.full_pvcs, p.vllm_detected, p.flags_at, p.state,
            p.last_seen_at""", "research_project p JOIN ai_cluster c ON c.id = p.cluster_id");
    /** The projects page's table: fewer columns, and the sessions each holds open now. */
    private static final PagedQuery TABLE = new PagedQuery("""
            p.id, c.name AS cluster, p.namespace, p.title, p.active, p.gpus_requested, p.restarting_pods,
            p.terminating_pods, p.full_pvcs,
            (SELECT count(*) FROM usage_session s WHERE s.project_id = p.id AND s.state = 'OPEN') AS open_sessions""",
            "research_project p JOIN ai_cluster c ON c.id = p.cluster_id");

    private final Pool pool;

    public ProjectQueries(Pool pool) {
        this.pool = pool;
    }

    /** Filters are optional (null); {@code orderBy} comes from {@link org.aitelemetry.site.api.SortOrder}. */
    Uni<Page<ProjectView>> list(Caller caller, String cluster, String state, Boolean active, String orderBy,
            PageRequest page) {
        SqlFilter filter = visibleTo(caller).when(cluster, "c.name = ?").when(state, "p.state = ?")
                .when(active, "p.active = ?");
        return LIST.run(pool, filter, orderBy, page, ProjectQueries::view);
    }

    /** The project, or null when it does not exist or is not the caller's. */
    public Uni<ProjectView> byId(Caller caller, long id) {
        SqlFilter filter = visibleTo(caller).and("p.id = ?", id);
        return LIST.first(pool, filter, ProjectQueries::view);
    }

    /** One page of the projects table, searched by a prefix of the namespace or title (null: every project). */
    public Uni<Page<ProjectRow>> table(Caller caller, String search, PageRequest page) {
        SqlFilter filter = visibleTo(caller);
        if (search != null && !search.isBlank()) {
            String pattern = LikePattern.prefix(search.strip().toLowerCase());
            filter.and("(p.namespace LIKE ? ESCAPE '\\' OR lower(p.title) LIKE ? ESCAPE '\\')", pattern, pattern);
        }
        return TABLE.run(pool, filter, "c.name, p.namespace, p.id", page, ProjectQueries::row);
    }

    static SqlFilter visibleTo(Caller caller) {
        return new SqlFilter().memberOf(caller, "c.name", "p.namespace");
    }

    private static ProjectView view(Row row) {
        return new ProjectView(row.getLong("id"), row.getString("cluster"), row.getString("namespace"),
                row.getString("title"), row.getString("description"), row.getBoolean("active"),
                row.getDouble("gpus_requested"), counts(row.getJsonObject("mig_requested")),
                row.getInteger("restarting_pods"), row.getInteger("terminating_pods"), row.getInteger("full_pvcs"),
                row.getBoolean("vllm_detected"), row.getOffsetDateTime("flags_at"), row.getString("state"),
                row.getOffsetDateTime("last_seen_at"));
    }

    private static ProjectRow row(Row row) {
        return new ProjectRow(row.getLong("id"), row.getString("cluster"), row.getString("namespace"),
                row.getString("title"), row.getBoolean("active"), row.getDouble("gpus_requested"),
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
