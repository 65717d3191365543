package org.aitelemetry.worker.kube;

import static org.aitelemetry.worker.sql.Columns.bool;
import static org.aitelemetry.worker.sql.Columns.text;

import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Records, every {@code heartbeat-every}, each cluster this worker acts on in {@code kube_actuator} (the site refuses a
 * check for a cluster whose heartbeat is over 2 minutes old), then fails the PENDING requests that no live actuator
 * serves once they are {@code unserved-after} old, and refreshes the taint gauges ({@link TaintGauges}). The sweep
 * reads the shared table, not this worker's configuration, so workers serving different clusters never fail each
 * other's requests; any of them may sweep, and the statement is idempotent.
 */
@ApplicationScoped
public class ActuatorHeartbeat {

    private static final Logger LOG = Logger.getLogger(ActuatorHeartbeat.class);

    private final Pool pool;
    private final KubeConfig config;
    private final KubeClusters clusters;
    private final CheckScheduler scheduler;
    private final TaintLedger ledger;
    private final TaintGauges gauges;
    private final String worker = workerName();

    ActuatorHeartbeat(Pool pool, KubeConfig config, KubeClusters clusters, CheckScheduler scheduler,
            TaintLedger ledger, TaintGauges gauges) {
        this.pool = pool;
        this.config = config;
        this.clusters = clusters;
        this.scheduler = scheduler;
        this.ledger = ledger;
        this.gauges = gauges;
    }

    @Scheduled(identity = "kubernetes-actuator-heartbeat", every = "${telemetry.kubernetes.heartbeat-every:30s}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return config.enabled() ? beat().chain(scheduler::failUnserved)
                .invoke(failed -> {
                    if (!failed.isEmpty()) {
                        LOG.warnf("Failed %d health checks of clusters no worker acts on: %s", failed.size(), failed);
                    }
                })
                .chain(ledger::pruneLog).chain(gauges::refresh) : Uni.createFrom().voidItem();
    }

    /** Records the heartbeat of every cluster this worker acts on. */
    public Uni<Void> beat() {
        List<KubeCluster> served = clusters.all();
        return pool.preparedQuery(ActuatorSql.BEAT)
                .execute(Tuple.of(text(served, KubeCluster::name), worker, bool(served, KubeCluster::dryRun)))
                .replaceWithVoid();
    }

    private static String workerName() {
        String pod = System.getenv("HOSTNAME");
        if (pod != null && !pod.isBlank()) {
            return pod;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "worker-" + ProcessHandle.current().pid();
        }
    }
}
