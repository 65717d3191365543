package org.aitelemetry.worker.sync;

import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Runs the fleet sync on the configured interval ({@code telemetry.sync.every}, {@code off} to disable). */
@ApplicationScoped
public class FleetSyncJob {

    private final FleetSync sync;

    FleetSyncJob(FleetSync sync) {
        this.sync = sync;
    }

    @Scheduled(identity = "fleet-sync", every = "${telemetry.sync.every}", delayed = "${telemetry.sync.first-delay}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return sync.syncAll().replaceWithVoid();
    }
}
