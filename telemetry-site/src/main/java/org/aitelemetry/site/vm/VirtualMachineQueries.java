package org.aitelemetry.site.vm;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Map;
import org.aitelemetry.site.api.LikePattern;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.api.TimeWindow;
import org.aitelemetry.site.price.PriceSheetQueries;
import org.aitelemetry.site.security.Caller;

/**
 * Reads virtual machines with GPUs passed through to them. A VM is project data, like a session: a caller sees the
 * VMs of its projects (an admin all of them), by the project row's cluster and namespace.
 */
@ApplicationScoped
public class VirtualMachineQueries {

    static final Map<String, String> SORT_KEYS = Map.of("name", "v.name", "namespace", "p.namespace",
            "gpus", "v.gpus", "gpuModel", "v.gpu_model", "firstSeenAt", "v.first_seen_at",
            "lastSeenAt", "v.last_seen_at");
    /** The order pages list VMs in: by where they run and whose they are. */
    static final String PAGE_ORDER = "c.name, p.namespace, v.name, v.id";
    private static final PagedQuery LIST = new PagedQuery("""
            v.id, v.cluster_id, c.name AS cluster, v.project_id, p.namespace, v.name, v.launcher_pod, v.node_name,
            v.gpu_resource, v.gpu_model, v.gpus, v.phase, v.guest_os, v.instance_type, v.state, v.first_seen_at,
            v.last_seen_at""", """
            virtual_machine v JOIN ai_cluster c ON c.id = v.cluster_id
            JOIN research_project p ON p.id = v.project_id""");
    /** Over the rollups' unique index (entity_kind, entity_id, hour); no row is zero at the cost column's scale. */
    private static final String ALLOCATED = """
            SELECT coalesce(sum(r.gpu_seconds_allocated), 0) / 3600 AS gpu_hours,
                   coalesce(sum(r.cost), 0.0000) AS cost
            FROM usage_rollup r
            WHERE r.entity_kind = 'VM' AND r.entity_id = $1 AND r.hour >= $2 AND r.hour < $3""";

    private final Pool pool;
    private final PriceSheetQueries prices;

    public VirtualMachineQueries(Pool pool, PriceSheetQueries prices) {
        this.pool = pool;
        this.prices = prices;
    }

    /** {@code orderBy} comes from {@link org.aitelemetry.site.api.SortOrder}; a phase matches in any case. */
    Uni<Page<VirtualMachineView>> list(Caller caller, VirtualMachineFilter filter, String orderBy, PageRequest page) {
        SqlFilter where = visibleTo(caller).when(filter.cluster(), "c.name = ?")
                .when(filter.namespace(), "p.namespace = ?")
                .when(filter.state(), "v.state = ?")
                .when(filter.gpuModel(), "v.gpu_model = ?")
                .when(filter.phase(), "lower(v.phase) = lower(?)");
        return LIST.run(pool, where, orderBy, page, VirtualMachineQueries::view);
    }

    /** The VM, or null when it does not exist or is not of the caller's projects. */
    public Uni<VirtualMachineView> byId(Caller caller, long id) {
        return LIST.first(pool, visibleTo(caller).and("v.id = ?", id), VirtualMachineQueries::view);
    }

    /** The VM with its GPU-hours allocated and their cost in the last 30 days; null as {@link #byId}. */
    public Uni<VirtualMachineDetail> detail(Caller caller, long id) {
        TimeWindow window = TimeWindow.hoursUpTo(Instant.now(), VirtualMachineDetail.ALLOCATION_WINDOW);
        Uni<Row> allocated = pool.preparedQuery(ALLOCATED).execute(Tuple.of(id, window.fromUtc(), window.toUtc()))
                .map(rows -> rows.iterator().next());
        return Uni.combine().all().unis(byId(caller, id), allocated, prices.activeCurrency())
                .with((vm, sums, currency) -> vm == null ? null : new VirtualMachineDetail(vm,
                        new VirtualMachineAllocation(window.from(), window.to(), sums.getDouble("gpu_hours"),
                                sums.getBigDecimal("cost"), currency)));
    }

    /** A project's VMs, as far as the caller may see them. */
    public Uni<Page<VirtualMachineView>> ofProject(Caller caller, long projectId, PageRequest page) {
        return LIST.run(pool, visibleTo(caller).and("v.project_id = ?", projectId), PAGE_ORDER, page,
                VirtualMachineQueries::view);
    }

    /** One page of the VMs table, searched by a prefix of the VM's name or its namespace (null: every VM). */
    Uni<Page<VirtualMachineView>> table(Caller caller, String search, PageRequest page) {
        SqlFilter where = visibleTo(caller);
        if (search != null) {
            String pattern = LikePattern.prefix(search.toLowerCase());
            where.and("(lower(v.name) LIKE ? ESCAPE '\\' OR p.namespace LIKE ? ESCAPE '\\')", pattern, pattern);
        }
        return LIST.run(pool, where, PAGE_ORDER, page, VirtualMachineQueries::view);
    }

    private static SqlFilter visibleTo(Caller caller) {
        return new SqlFilter().memberProject(caller, "v.project_id");
    }

    private static VirtualMachineView view(Row row) {
        return new VirtualMachineView(row.getLong("id"), row.getLong("cluster_id"), row.getString("cluster"),
                row.getLong("project_id"), row.getString("namespace"), row.getString("name"),
                row.getString("launcher_pod"), row.getString("node_name"), row.getString("gpu_resource"),
                row.getString("gpu_model"), row.getInteger("gpus"), row.getString("phase"), row.getString("guest_os"),
                row.getString("instance_type"), row.getString("state"), row.getOffsetDateTime("first_seen_at"),
                row.getOffsetDateTime("last_seen_at"));
    }
}
