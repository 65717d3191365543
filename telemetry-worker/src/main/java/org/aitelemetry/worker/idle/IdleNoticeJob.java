package org.aitelemetry.worker.idle;

import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/** Looks for idle GPUs every {@code telemetry.idle-notices.every} ({@code off} to disable), after the rollups. */
@ApplicationScoped
public class IdleNoticeJob {

    private final IdleNotices notices;

    IdleNoticeJob(IdleNotices notices) {
        this.notices = notices;
    }

    @WithSpan("IdleNoticeJob.round")
    @Scheduled(identity = "idle-notices", every = "${telemetry.idle-notices.every}",
            delayed = "${telemetry.idle-notices.first-delay}", concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return notices.noticeDue(Instant.now()).replaceWithVoid();
    }
}
