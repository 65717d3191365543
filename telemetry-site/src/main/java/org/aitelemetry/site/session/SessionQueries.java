package org.aitelemetry.site.session;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Map;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.ProjectRef;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.api.TimeWindow;
import org.aitelemetry.site.security.Caller;

/**
 * Reads GPU usage sessions of the caller's projects (all for an admin). A session belongs to its linked project or,
 * when the worker could not link one, to the cluster and namespace it names, so members still see it.
 */
@ApplicationScoped
public class SessionQueries {

    static final Map<String, String> SORT_KEYS = Map.of("startsAt", "s.starts_at");
    /** The order pages list sessions in. */
    private static final String NEWEST_FIRST = "s.starts_at DESC, s.id DESC";
    private static final PagedQuery LIST = new PagedQuery("""
            s.id, s.project_id, coalesce(c.name, s.cluster_name) AS project_cluster,
            coalesce(p.namespace, s.namespace) AS project_namespace, s.cluster_name, s.node_name, s.gpu_uuid,
            s.gpu_model, s.gpu_instance_id, s.mig_profile, s.pod, s.container, s.starts_at, s.ends_at, s.state,
            s.close_reason, s.utilization_avg, s.energy_joules, s.gpu_seconds, s.trace_id, s.span_id, s.trace_url,
            s.export_state""", """
            usage_session s LEFT JOIN research_project p ON p.id = s.project_id
            LEFT JOIN ai_cluster c ON c.id = p.cluster_id""");
    /**
     * Linked sessions through usage_session_project_start_idx, with the caller's project ids resolved once (an
     * InitPlan); unlinked ones through usage_session_unlinked_scope_idx, whose conditions (each column in its array)
     * admit a superset that the exact pair test then narrows.
     */
    private static final String MEMBER = """
            (s.project_id = ANY (ARRAY(SELECT mp.id FROM research_project mp JOIN ai_cluster mc ON mc.id = mp.cluster_id
                                       WHERE (mc.name, mp.namespace) IN (SELECT * FROM unnest(?::text[], ?::text[]))))
             OR s.project_id IS NULL AND s.cluster_name = ANY (?::text[]) AND s.namespace = ANY (?::text[])
                AND (s.cluster_name, s.namespace) IN (SELECT * FROM unnest(?::text[], ?::text[])))""";

    private final Pool pool;

    public SessionQueries(Pool pool) {
        this.pool = pool;
    }

    /** Filters are optional (null); the window keeps sessions that overlap it. */
    Uni<Page<SessionView>> list(Caller caller, SessionFilters filters, String orderBy, PageRequest page) {
        TimeWindow window = filters.window();
        SqlFilter filter = visibleTo(caller).when(filters.cluster(), "s.cluster_name = ?")
                .when(filters.projectId(), "s.project_id = ?").when(filters.gpuUuid(), "s.gpu_uuid = ?")
                .when(filters.state(), "s.state = ?").when(window.toUtc(), "s.starts_at < ?")
                .when(window.fromUtc(), "(s.ends_at IS NULL OR s.ends_at >= ?)");
        return LIST.run(pool, filter, orderBy, page, SessionQueries::view);
    }

    /** As {@link #list}, newest first: how pages show sessions. */
    public Uni<Page<SessionView>> newestFirst(Caller caller, SessionFilters filters, PageRequest page) {
        return list(caller, filters, NEWEST_FIRST, page);
    }

    /** The session, or null when it does not exist or is not of the caller's projects. */
    public Uni<SessionView> byId(Caller caller, long id) {
        SqlFilter filter = visibleTo(caller).and("s.id = ?", id);
        return LIST.first(pool, filter, SessionQueries::view);
    }

    private static SqlFilter visibleTo(Caller caller) {
        SqlFilter filter = new SqlFilter();
        String[] clusters = caller.clusters();
        String[] namespaces = caller.namespaces();
        return caller.admin() ? filter
                : filter.and(MEMBER, clusters, namespaces, clusters, namespaces, clusters, namespaces);
    }

    private static SessionView view(Row row) {
        OffsetDateTime startsAt = row.getOffsetDateTime("starts_at");
        OffsetDateTime endsAt = row.getOffsetDateTime("ends_at");
        return new SessionView(row.getLong("id"), project(row), row.getString("cluster_name"),
                row.getString("node_name"), row.getString("gpu_uuid"), row.getString("gpu_model"),
                row.getInteger("gpu_instance_id"), row.getString("mig_profile"), row.getString("pod"),
                row.getString("container"), startsAt, endsAt, row.getString("state"), row.getString("close_reason"),
                endsAt == null ? null : Duration.between(startsAt, endsAt).toMillis() / 1000.0,
                row.getDouble("utilization_avg"), row.getDouble("energy_joules"), row.getDouble("gpu_seconds"),
                row.getString("trace_id"), row.getString("span_id"), row.getString("trace_url"),
                row.getString("export_state"));
    }

    /** The linked project, or the cluster and namespace the session names; null when it names none. */
    private static ProjectRef project(Row row) {
        String cluster = row.getString("project_cluster");
        String namespace = row.getString("project_namespace");
        return cluster == null || namespace == null ? null
                : new ProjectRef(row.getLong("project_id"), cluster, namespace);
    }
}
