package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.model.health.HealthCheckTarget;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.security.Caller;

/**
 * Reads health-check requests (the site records them through {@link HealthCheckRequestRepository}). A caller sees
 * the requests on its projects and its own (admins all): a NODE request has no project, so only its author and admins
 * see it.
 */
@ApplicationScoped
public class HealthCheckQueries {

    private static final String COLUMNS = """
            h.id, h.requested_by, c.name AS cluster, h.target_kind, h.node_name, h.namespace, h.pod_selector,
            h.pod_names, h.tests, h.state, h.state_reason, h.job_name, h.created_at, h.updated_at""";
    private static final PagedQuery LIST = new PagedQuery(COLUMNS,
            "health_check_request h JOIN ai_cluster c ON c.id = h.cluster_id");
    private static final String NEWEST_FIRST = "h.created_at DESC, h.id DESC";
    /**
     * Cluster names are unique per metric source; with two sources naming one cluster alike, the first one wins. A
     * worker acts on the cluster while its actuator row's heartbeat is younger than {@link #ACTUATOR_SILENCE}.
     */
    private static final String CLUSTER = """
            SELECT c.id, EXISTS (SELECT 1 FROM ai_node n WHERE n.cluster_id = c.id AND n.name = $2) AS node_known,
                   EXISTS (SELECT 1 FROM kube_actuator a WHERE a.cluster_name = c.name
                           AND a.heartbeat_at > now() - $3::int * interval '1 second') AS actuated
            FROM ai_cluster c WHERE c.name = $1 ORDER BY c.id LIMIT 1""";
    private static final String CLUSTER_NAMES = "SELECT name FROM ai_cluster WHERE state = 'PRESENT' ORDER BY name";
    /** A worker that has not beaten for this long no longer acts on its clusters (contracts: kube_actuator). */
    static final Duration ACTUATOR_SILENCE = Duration.ofMinutes(2);

    private final Pool pool;

    public HealthCheckQueries(Pool pool) {
        this.pool = pool;
    }

    /**
     * The cluster a request names, whether it has the node (when one is named), and whether a live worker acts on its
     * Kubernetes API; null for an unknown cluster.
     */
    public record ClusterTarget(long clusterId, boolean nodeKnown, boolean actuated) {
    }

    public Uni<Page<HealthCheckView>> list(Caller caller, String cluster, String state, PageRequest page) {
        SqlFilter filter = visibleTo(caller).when(cluster, "c.name = ?").when(state, "h.state = ?");
        return LIST.run(pool, filter, NEWEST_FIRST, page, HealthCheckQueries::view);
    }

    public Uni<HealthCheckView> byId(Caller caller, UUID id) {
        SqlFilter filter = visibleTo(caller).and("h.id = ?", id);
        return pool.preparedQuery("SELECT " + COLUMNS + " FROM " + LIST.from() + filter.where())
                .execute(filter.tuple()).map(rows -> Rows.first(rows, HealthCheckQueries::view));
    }

    public Uni<ClusterTarget> cluster(String cluster, String node) {
        return pool.preparedQuery(CLUSTER)
                .execute(Tuple.of(cluster, node, (int) ACTUATOR_SILENCE.toSeconds()))
                .map(rows -> Rows.first(rows, row -> new ClusterTarget(row.getLong("id"),
                        row.getBoolean("node_known"), row.getBoolean("actuated"))));
    }

    /** The names of the clusters present now: those a new request may name. */
    public Uni<List<String>> clusterNames() {
        return pool.query(CLUSTER_NAMES).execute().map(rows -> Rows.all(rows, row -> row.getString(0)));
    }

    /** Admins see everything; others their projects' requests and their own. */
    private static SqlFilter visibleTo(Caller caller) {
        if (caller.admin()) {
            return new SqlFilter();
        }
        return new SqlFilter().and("((c.name, h.namespace) IN (SELECT * FROM unnest(?::text[], ?::text[]))"
                + " OR h.requested_by = ?)", caller.clusters(), caller.namespaces(), caller.name());
    }

    private static HealthCheckView view(Row row) {
        HealthCheckTargetSpec target = HealthCheckTargetSpec.stored(
                HealthCheckTarget.valueOf(row.getString("target_kind")), row.getString("node_name"),
                row.getString("namespace"), row.getString("pod_selector"),
                Rows.strings(row, "pod_names"));
        return new HealthCheckView(row.getUUID("id"), row.getString("requested_by"), row.getString("cluster"),
                target, Rows.strings(row, "tests"), row.getString("state"),
                row.getString("state_reason"), row.getString("job_name"), row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("updated_at"));
    }
}
