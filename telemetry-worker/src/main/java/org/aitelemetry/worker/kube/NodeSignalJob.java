package org.aitelemetry.worker.kube;

import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.quarkus.vertx.ConsumeEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.VerdictChange;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.jboss.logging.Logger;

/**
 * Feeds {@link NodeSignal}: every committed node verdict change of a cluster this worker acts on, and a periodic
 * reconcile ({@code telemetry.kubernetes.reconcile-cron}, off by default) that re-applies the verdicts stored in
 * {@code ai_node} on every cluster, which covers changes announced while an API server was unreachable or this worker
 * was down (delivery is at most once), and applies held taints in the order they were held once the blast-radius limit
 * has room. INCONCLUSIVE and UNKNOWN change nothing on the Node. Each verdict first goes through the
 * {@link TaintLedger}; a dry-run cluster stops there. A failed patch is only logged: the next change or reconcile
 * applies the node's whole state again.
 */
@ApplicationScoped
public class NodeSignalJob {

    private static final Logger LOG = Logger.getLogger(NodeSignalJob.class);

    private final NodeSignal signal;
    private final KubeConfig config;
    private final KubeClusters clusters;
    private final TaintLedger ledger;

    NodeSignalJob(NodeSignal signal, KubeConfig config, KubeClusters clusters, TaintLedger ledger) {
        this.signal = signal;
        this.config = config;
        this.clusters = clusters;
        this.ledger = ledger;
    }

    @ConsumeEvent(PipelineAddresses.VERDICT_CHANGED)
    Uni<Void> onChange(VerdictChange change) {
        if (!config.enabled() || change.scope() != VerdictChange.Scope.NODE || !changesTheNode(change.current())) {
            return Uni.createFrom().voidItem();
        }
        Optional<KubeCluster> cluster = clusters.named(change.cluster());
        return cluster.isEmpty() ? Uni.createFrom().voidItem()
                : applyLogged(cluster.get(), change.node(), change.current(), String.join("; ", change.reasons()));
    }

    @Scheduled(identity = "kubernetes-node-reconcile", cron = "${telemetry.kubernetes.reconcile-cron:off}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> scheduledReconcile() {
        return config.enabled() ? reconcile() : Uni.createFrom().voidItem();
    }

    /** Applies every stored node verdict of every cluster, one node at a time, releases before taints. */
    public Uni<Void> reconcile() {
        return Multi.createFrom().iterable(clusters.all())
                .onItem().transformToUniAndConcatenate(this::reconcile)
                .collect().last().replaceWithVoid();
    }

    private Uni<Void> reconcile(KubeCluster cluster) {
        return ledger.reconcileOrder(cluster)
                .onItem().transformToMulti(nodes -> Multi.createFrom().iterable(nodes))
                .onItem().transformToUniAndConcatenate(node -> applyLogged(cluster, node.node(), node.verdict(),
                        node.reason()))
                .collect().last().replaceWithVoid();
    }

    /** Only these verdicts are written to a Node; INCONCLUSIVE is no evidence either way (acceptance 23). */
    static boolean changesTheNode(HealthVerdict verdict) {
        return verdict != HealthVerdict.UNKNOWN && verdict != HealthVerdict.INCONCLUSIVE;
    }

    private Uni<Void> applyLogged(KubeCluster cluster, String node, HealthVerdict verdict, String reason) {
        return ledger.decide(cluster, node, verdict)
                .chain(taint -> cluster.dryRun() ? Uni.createFrom().item(true)
                        : signal.apply(cluster, node, verdict, reason, taint))
                .invoke(found -> {
                    if (!found) {
                        LOG.debugf("Node %s not found in cluster %s; its verdict is not signalled", node,
                                cluster.name());
                    }
                })
                .onFailure().invoke(e -> LOG.warnf(e, "Could not signal verdict %s on node %s of cluster %s; retried"
                        + " on the next change or reconcile", verdict, node, cluster.name()))
                .onFailure().recoverWithNull().replaceWithVoid();
    }
}
