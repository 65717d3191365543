package org.aitelemetry.worker.source;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import org.aitelemetry.worker.config.WorkerConfig;
import org.jboss.logging.Logger;

/**
 * Makes the per-source cycles of this worker process, which is one replica: its id is the host's name (the pod's, on
 * OpenShift) for an operator to read, and a random part, since a restarted pod keeps its name but is a new replica.
 */
@ApplicationScoped
public class SourceCycles {

    private static final Logger LOG = Logger.getLogger(SourceCycles.class);

    private final Pool pool;
    private final MetricSourceRegistrar registrar;
    private final int goneAfterCycles;
    private final String replicaId;

    SourceCycles(Pool pool, MetricSourceRegistrar registrar, WorkerConfig config) {
        this.pool = pool;
        this.registrar = registrar;
        this.goneAfterCycles = config.replicas().goneAfterCycles();
        this.replicaId = Optional.ofNullable(System.getenv("HOSTNAME")).orElse("worker") + "/" + UUID.randomUUID();
        LOG.infof("Worker replica %s", replicaId);
    }

    /**
     * @param work  the kind of work, also its advisory locks' name
     * @param every the work's job interval, whose slots are its cycles
     */
    public LockedSourceCycle locked(String work, String every) {
        return new LockedSourceCycle(pool, registrar, work, CycleSlots.every(every, Clock.systemUTC()), replicaId);
    }

    /** This replica's part of each cycle of {@code cycle}'s work. */
    public SharedSourceCycle shared(LockedSourceCycle cycle) {
        return new SharedSourceCycle(cycle, pool, goneAfterCycles);
    }
}
