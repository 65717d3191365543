package org.aitelemetry.site.chart;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.model.fleet.GpuVendor;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SqlFilter;
import org.aitelemetry.site.chart.ChartTarget.Cluster;
import org.aitelemetry.site.security.Caller;

/**
 * Resolves a chart's subject in PostgreSQL, with the caller's project scope applied in SQL: a subject that does not
 * exist, or a project that is not the caller's, resolves to null (a 404, as in the API).
 */
@ApplicationScoped
public class ChartTargetQueries {

    private static final String CLUSTER_COLUMNS = "c.id AS cluster_id, c.name AS cluster, s.name AS source";
    private static final String CLUSTERS = "SELECT " + CLUSTER_COLUMNS
            + " FROM ai_cluster c JOIN metric_source s ON s.id = c.source_id";
    private static final String DEVICE = "SELECT d.uuid, d.mig_enabled, d.vendor, " + CLUSTER_COLUMNS + """
             FROM gpu_device d JOIN ai_node n ON n.id = d.node_id JOIN ai_cluster c ON c.id = n.cluster_id
            JOIN metric_source s ON s.id = c.source_id WHERE d.uuid = $1""";
    private static final String PROJECT = "SELECT p.id, p.namespace, " + CLUSTER_COLUMNS + """
             FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id
            JOIN metric_source s ON s.id = c.source_id""";

    private final Pool pool;
    private final List<SourceDefinition> sources;

    public ChartTargetQueries(Pool pool, SourceClients sourceClients) {
        this.pool = pool;
        this.sources = sourceClients.definitions();
    }

    public Uni<ChartTarget> fleet() {
        return pool.query(CLUSTERS + " ORDER BY c.name").execute()
                .map(rows -> new ChartTarget.Fleet(List.copyOf(Rows.all(rows, this::cluster))));
    }

    public Uni<ChartTarget> cluster(long id) {
        return pool.preparedQuery(CLUSTERS + " WHERE c.id = $1").execute(Tuple.of(id))
                .map(rows -> rows.size() == 0 ? null : cluster(rows.iterator().next()));
    }

    public Uni<ChartTarget> device(String uuid) {
        return pool.preparedQuery(DEVICE).execute(Tuple.of(uuid)).map(rows -> {
            if (rows.size() == 0) {
                return null;
            }
            Row row = rows.iterator().next();
            return new ChartTarget.Device(row.getString("uuid"), cluster(row), row.getBoolean("mig_enabled"),
                    GpuVendor.AMD.name().equals(row.getString("vendor")));
        });
    }

    public Uni<ChartTarget> project(Caller caller, long id) {
        SqlFilter filter = new SqlFilter().memberOf(caller, "c.name", "p.namespace").and("p.id = ?", id);
        return pool.preparedQuery(PROJECT + filter.where()).execute(filter.tuple()).map(rows -> {
            if (rows.size() == 0) {
                return null;
            }
            Row row = rows.iterator().next();
            return new ChartTarget.Project(row.getLong("id"), row.getString("namespace"), cluster(row));
        });
    }

    private Cluster cluster(Row row) {
        String name = row.getString("cluster");
        String source = row.getString("source");
        boolean sourceDefault = sources.stream()
                .anyMatch(definition -> definition.name().equals(source) && definition.defaultCluster().equals(name));
        return new Cluster(row.getLong("cluster_id"), name, source, sourceDefault);
    }
}
