package org.aitelemetry.site.fleet;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.ProjectRef;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.ProjectKey;

/**
 * Reads slices: MIG instances and AMD partitions. Slices are inventory, visible to every telemetry role; who holds one (project, pod, container) is
 * project data, shown only to the project's members and admins.
 */
@ApplicationScoped
public class SliceQueries {

    static final Map<String, String> SORT_KEYS = Map.of("device", "d.uuid", "profile", "s.profile",
            "engineActive", "s.engine_active");
    /** The project's own cluster decides membership, so it is read from the project row, not the node's. */
    private static final PagedQuery LIST = new PagedQuery("""
            s.id, d.uuid, d.vendor, c.name AS cluster, n.name AS node, s.gpu_instance_id, s.profile, s.engine_active,
            s.memory_used_mib, s.memory_free_mib, s.project_id, pc.name AS project_cluster,
            p.namespace AS project_namespace, s.pod, s.container, s.readings_at, s.state, s.last_seen_at""", """
            gpu_slice s JOIN gpu_device d ON d.id = s.device_id JOIN ai_node n ON n.id = d.node_id
            JOIN ai_cluster c ON c.id = n.cluster_id LEFT JOIN research_project p ON p.id = s.project_id
            LEFT JOIN ai_cluster pc ON pc.id = p.cluster_id""");
    /** More than the seven slices a MIG GPU, or the eight partitions an AMD GPU in CPX mode, can hold. */
    private static final PageRequest ALL_OF_A_DEVICE = new PageRequest(0, 16);

    private final Pool pool;

    public SliceQueries(Pool pool) {
        this.pool = pool;
    }

    /** {@code device} goes through gpu_device's uuid key; cluster and node names as for devices. */
    Uni<Page<SliceView>> list(Caller caller, SliceFilter filter, String orderBy, PageRequest page) {
        SqlFilter where = new SqlFilter().when(filter.fleet().cluster(), "c.name = ?")
                .when(filter.fleet().node(), "n.name = ?")
                .when(filter.device(), "d.uuid = ?")
                .when(filter.profile(), "s.profile = ?")
                .when(filter.fleet().state(), "s.state = ?");
        return LIST.run(pool, where, orderBy, page, row -> view(row, caller));
    }

    /** The slices of one GPU by instance id, holders shown as in the list. */
    public Uni<List<SliceView>> ofDevice(Caller caller, String uuid) {
        SliceFilter ofThisGpu = new SliceFilter(new FleetFilter(null, null, null, null, null), uuid, null);
        return list(caller, ofThisGpu, "s.gpu_instance_id, s.id", ALL_OF_A_DEVICE).map(Page::items);
    }

    public Uni<SliceView> byId(Caller caller, long id) {
        return LIST.first(pool, new SqlFilter().and("s.id = ?", id), row -> view(row, caller));
    }

    private static SliceView view(Row row, Caller caller) {
        ProjectRef project = project(row);
        boolean attributed = caller.admin()
                || project != null && caller.member(new ProjectKey(project.cluster(), project.namespace()));
        return new SliceView(row.getLong("id"), row.getString("uuid"), row.getString("cluster"),
                row.getString("node"), SliceKind.of(row.getString("vendor")), row.getInteger("gpu_instance_id"),
                row.getString("profile"),
                row.getDouble("engine_active"), row.getDouble("memory_used_mib"), row.getDouble("memory_free_mib"),
                attributed, attributed ? project : null, attributed ? row.getString("pod") : null,
                attributed ? row.getString("container") : null, row.getOffsetDateTime("readings_at"),
                row.getString("state"), row.getOffsetDateTime("last_seen_at"));
    }

    private static ProjectRef project(Row row) {
        Long id = row.getLong("project_id");
        return id == null ? null
                : new ProjectRef(id, row.getString("project_cluster"), row.getString("project_namespace"));
    }
}
