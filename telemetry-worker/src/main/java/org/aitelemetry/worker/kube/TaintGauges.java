package org.aitelemetry.worker.kube;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code telemetry_kubernetes_nodes_taint{cluster, state}}: the nodes of each served cluster that are TAINTED, HELD
 * back by the blast-radius limit, or DRY_RUN, as {@code ai_node} records them, refreshed with every heartbeat round —
 * so that an operator can alert on taints held back before anyone opens the health page.
 */
@ApplicationScoped
public class TaintGauges {

    private final Pool pool;
    private final KubeClusters clusters;
    private final MultiGauge gauge;

    TaintGauges(Pool pool, KubeClusters clusters, MeterRegistry registry) {
        this.pool = pool;
        this.clusters = clusters;
        this.gauge = MultiGauge.builder("telemetry.kubernetes.nodes.taint")
                .description("Nodes of a served cluster by health taint state: TAINTED, HELD (the blast-radius limit"
                        + " held the taint back), DRY_RUN (would be tainted)")
                .register(registry);
    }

    /** Reads the counts of every served cluster and replaces the gauge's rows. */
    public Uni<Void> refresh() {
        Tuple served = Tuple.of(clusters.names().toArray(String[]::new));
        return pool.preparedQuery(TaintSql.COUNTS).execute(served).map(rows -> {
            List<MultiGauge.Row<?>> gauges = new ArrayList<>();
            rows.forEach(row -> gauges.add(MultiGauge.Row.of(Tags.of("cluster", row.getString("cluster"), "state",
                    row.getString("state")), row.getLong("nodes"))));
            gauge.register(gauges, true);
            return null;
        }).replaceWithVoid();
    }
}
