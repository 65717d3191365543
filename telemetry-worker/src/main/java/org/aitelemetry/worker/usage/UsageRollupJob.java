package org.aitelemetry.worker.usage;

import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/**
 * Runs the usage rollup on the configured interval ({@code telemetry.usage.every}, {@code off} to disable). Run it
 * more often than once per (hour − idle window), so the last completed hour is recomputed once the next hour's
 * samples tell whether a quiet stretch at its end went on long enough to be idle.
 */
@ApplicationScoped
public class UsageRollupJob {

    private final UsageRollups rollups;

    UsageRollupJob(UsageRollups rollups) {
        this.rollups = rollups;
    }

    @Scheduled(identity = "usage-rollup", every = "${telemetry.usage.every}",
            delayed = "${telemetry.usage.first-delay}", concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return rollups.rollUpAll(Instant.now()).replaceWithVoid();
    }
}
