package org.aitelemetry.worker.lifecycle;

import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/**
 * The data lifecycle's schedule: partitions kept ahead just after start and every {@code partitions-every}; retention
 * after {@code first-delay} and every {@code every} ({@code off} to disable).
 */
@ApplicationScoped
public class LifecycleJobs {

    private final MonthlyPartitions partitions;
    private final Retention retention;

    LifecycleJobs(MonthlyPartitions partitions, Retention retention) {
        this.partitions = partitions;
        this.retention = retention;
    }

    @Scheduled(identity = "partition-maintenance", every = "${telemetry.retention.partitions-every}", delayed = "1s",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> keepPartitionsAhead() {
        return partitions.ensureAhead(Instant.now()).replaceWithVoid();
    }

    @Scheduled(identity = "retention", every = "${telemetry.retention.every}",
            delayed = "${telemetry.retention.first-delay}", concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> applyRetention() {
        return retention.runOnce(Instant.now()).replaceWithVoid();
    }
}
