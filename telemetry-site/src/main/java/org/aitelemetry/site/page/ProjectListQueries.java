package org.aitelemetry.site.page;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import org.aitelemetry.site.api.LikePattern;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.security.Caller;

/** The projects table: the caller's projects (all for admins), searched by a prefix of the namespace or title. */
@ApplicationScoped
public class ProjectListQueries {

    private static final PagedQuery LIST = new PagedQuery("""
            p.id, c.name AS cluster, p.namespace, p.title, p.active, p.gpus_requested, p.restarting_pods,
            p.terminating_pods, p.full_pvcs,
            (SELECT count(*) FROM usage_session s WHERE s.project_id = p.id AND s.state = 'OPEN') AS open_sessions""",
            "research_project p JOIN ai_cluster c ON c.id = p.cluster_id");

    private final Pool pool;

    public ProjectListQueries(Pool pool) {
        this.pool = pool;
    }

    public Uni<Page<ProjectRow>> list(Caller caller, String search, PageRequest page) {
        SqlFilter filter = new SqlFilter().memberOf(caller, "c.name", "p.namespace");
        if (search != null && !search.isBlank()) {
            String pattern = LikePattern.prefix(search.strip().toLowerCase());
            filter.and("(p.namespace LIKE ? ESCAPE '\\' OR lower(p.title) LIKE ? ESCAPE '\\')", pattern, pattern);
        }
        return LIST.run(pool, filter, "c.name, p.namespace, p.id", page, ProjectListQueries::row);
    }

    private static ProjectRow row(Row row) {
        return new ProjectRow(row.getLong("id"), row.getString("cluster"), row.getString("namespace"),
                row.getString("title"), row.getBoolean("active"), row.getDouble("gpus_requested"),
                row.getLong("open_sessions").intValue(), row.getInteger("restarting_pods"),
                row.getInteger("terminating_pods"), row.getInteger("full_pvcs"));
    }
}
