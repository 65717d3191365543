package org.aitelemetry.worker.mail;

import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.aitelemetry.worker.pipeline.CoalescingRunner;
import org.jboss.logging.Logger;

/**
 * Empties the mail outbox: a round every {@code telemetry.mail.every} ({@code off} to disable) sends due messages one
 * after the other until none is due or {@code telemetry.mail.max-per-round} were tried, then refreshes the depth gauge.
 * Rounds never overlap in one worker; replicas share the outbox through its row locks.
 */
@ApplicationScoped
public class MailJob {

    private static final Logger LOG = Logger.getLogger(MailJob.class);

    private final MailOutbox outbox;
    private final MailSender sender;
    private final MailMetrics metrics;
    private final int maxPerRound;
    private final CoalescingRunner<MailReport> rounds;

    MailJob(MailOutbox outbox, MailSender sender, MailMetrics metrics, MailConfig config) {
        this.outbox = outbox;
        this.sender = sender;
        this.metrics = metrics;
        this.maxPerRound = config.maxPerRound();
        this.rounds = new CoalescingRunner<>(this::round, MailReport.BUSY,
                failure -> LOG.warn("Mail round failed", failure));
    }

    @Scheduled(identity = "mail", every = "${telemetry.mail.every}", delayed = "${telemetry.mail.first-delay}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        return deliverDue().replaceWithVoid();
    }

    /** Runs one round when subscribed, unless one is running: then this completes at once with {@code busy} set. */
    public Uni<MailReport> deliverDue() {
        return rounds.run();
    }

    /** Not private: the span needs the call to go through the bean's interceptor. */
    @WithSpan("MailJob.round")
    Uni<MailReport> round() {
        return drain(MailReport.NONE)
                .call(report -> outbox.depth().invoke(metrics::depth))
                .invoke(MailJob::log);
    }

    private Uni<MailReport> drain(MailReport sofar) {
        return outbox.deliverNext(sofar.tried(), sender::send).invoke(metrics::counted).chain(delivery -> {
            MailReport total = sofar.plus(delivery);
            return delivery.outcome() != Delivery.Outcome.NONE && total.attempts() < maxPerRound ? drain(total)
                    : Uni.createFrom().item(total);
        });
    }

    private static void log(MailReport report) {
        if (report.attempts() > 0) {
            LOG.infof("Mail: %d sent, %d to retry, %d refused for good", report.sent(), report.retried(),
                    report.failed());
        }
    }
}
