package org.aitelemetry.worker.statement;

import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/** Makes the missing statements of completed periods on the configured interval ({@code telemetry.reports.every}). */
@ApplicationScoped
public class StatementJob {

    private final StatementGenerator generator;

    StatementJob(StatementGenerator generator) {
        this.generator = generator;
    }

    @Scheduled(identity = "statements", every = "${telemetry.reports.every}",
            delayed = "${telemetry.reports.first-delay}", concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return generator.generateDue(Instant.now()).replaceWithVoid();
    }
}
