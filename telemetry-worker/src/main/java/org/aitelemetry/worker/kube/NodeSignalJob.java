package org.aitelemetry.worker.kube;

import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.quarkus.vertx.ConsumeEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.VerdictChange;
import org.jboss.logging.Logger;

/**
 * Feeds {@link NodeSignal}: every committed node verdict change of this worker's cluster, and a periodic reconcile
 * ({@code telemetry.kubernetes.reconcile-cron}, off by default) that re-applies the verdicts stored in {@code ai_node},
 * which covers changes announced while the API server was unreachable or this worker was down (delivery is at most
 * once). A failed patch is only logged: the next change or reconcile applies the node's whole state again.
 */
@ApplicationScoped
public class NodeSignalJob {

    private static final Logger LOG = Logger.getLogger(NodeSignalJob.class);

    private static final String NODE_VERDICTS = """
            SELECT n.name, n.health, n.health_reason FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE c.name = $1 AND n.state = 'PRESENT' AND n.health <> 'UNKNOWN' ORDER BY n.name""";

    private final NodeSignal signal;
    private final KubeConfig config;
    private final Pool pool;

    NodeSignalJob(NodeSignal signal, KubeConfig config, Pool pool) {
        this.signal = signal;
        this.config = config;
        this.pool = pool;
    }

    @ConsumeEvent(VerdictChange.ADDRESS)
    Uni<Void> onChange(VerdictChange change) {
        if (!config.enabled() || change.scope() != VerdictChange.Scope.NODE
                || !config.cluster().orElseThrow().equals(change.cluster())
                || change.current() == HealthVerdict.UNKNOWN) {
            return Uni.createFrom().voidItem();
        }
        return applyLogged(change.node(), change.current(), String.join("; ", change.reasons()));
    }

    @Scheduled(identity = "kubernetes-node-reconcile", cron = "${telemetry.kubernetes.reconcile-cron:off}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> scheduledReconcile() {
        return config.enabled() ? reconcile() : Uni.createFrom().voidItem();
    }

    /** Applies every stored node verdict of the cluster, one node at a time. */
    public Uni<Void> reconcile() {
        return pool.preparedQuery(NODE_VERDICTS).execute(Tuple.of(config.cluster().orElseThrow()))
                .onItem().transformToMulti(rows -> Multi.createFrom().iterable(rows))
                .onItem().transformToUniAndConcatenate((Row row) -> applyLogged(row.getString("name"),
                        HealthVerdict.valueOf(row.getString("health")), row.getString("health_reason")))
                .collect().last().replaceWithVoid();
    }

    private Uni<Void> applyLogged(String node, HealthVerdict verdict, String reason) {
        return signal.apply(node, verdict, reason)
                .invoke(found -> {
                    if (!found) {
                        LOG.debugf("Node %s not found in the cluster; its verdict is not signalled", node);
                    }
                })
                .onFailure().invoke(e -> LOG.warnf(e, "Could not signal verdict %s on node %s; retried on the next "
                        + "change or reconcile", verdict, node))
                .onFailure().recoverWithNull().replaceWithVoid();
    }
}
