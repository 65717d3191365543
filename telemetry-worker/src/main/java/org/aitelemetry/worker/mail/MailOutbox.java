package org.aitelemetry.worker.mail;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Function;
import org.aitelemetry.worker.pipeline.RetryBackoff;
import org.jboss.logging.Logger;

/**
 * The mail outbox ({@code mail_outbox}): messages enqueued in the transaction that made what they carry, and sent one
 * transaction each. The only writer of the outbox's states.
 *
 * <p>Exactly once, as far as SMTP allows: the row is locked, marked SENT (uncommitted) and only then handed to the
 * server; the server's 250 is followed by nothing but the COMMIT. A failure before the 250 rolls the mark back and
 * records the attempt instead; a worker that dies before the 250 leaves the row PENDING (its lock goes with its
 * connection), and the message goes later to a server that never accepted it. What remains is one round trip: a
 * worker or database lost between the server's 250 and the COMMIT leaves a row PENDING that was delivered, and it goes
 * again, with the same {@code Message-ID} (docs/reliability.md, scenario 32).
 */
@ApplicationScoped
public class MailOutbox {

    private static final Logger LOG = Logger.getLogger(MailOutbox.class);

    private final Pool pool;
    private final RetryBackoff backoff;

    MailOutbox(Pool pool, MailConfig config) {
        this.pool = pool;
        this.backoff = new RetryBackoff(config.backoffBase(), config.backoffMax());
    }

    /**
     * Enqueues a message in the caller's transaction (or on its own with the pool); true if it is new, false if a
     * message with its dedupe key was enqueued before (a statement or notice made again mails nothing new).
     */
    public static Uni<Boolean> enqueue(SqlClient client, OutgoingMail mail) {
        return client.preparedQuery(MailOutboxSql.ENQUEUE)
                .execute(Tuple.tuple().addString(mail.dedupeKey()).addString(mail.messageId())
                        .addArrayOfString(mail.recipients().toArray(String[]::new)).addString(mail.subject())
                        .addString(mail.htmlBody()).addString(mail.textBody()).addString(mail.attachmentName())
                        .addString(mail.attachmentType()).addString(mail.attachment()))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * Claims the oldest due message that no one else holds and is not in {@code skipped}, and hands it to
     * {@code transmit}, in one transaction.
     */
    Uni<Delivery> deliverNext(List<Long> skipped, Function<QueuedMail, Uni<Void>> transmit) {
        return pool.withTransaction(connection -> connection.preparedQuery(MailOutboxSql.CLAIM_DUE)
                .execute(Tuple.of(skipped.toArray(Long[]::new)))
                .chain(rows -> rows.size() == 0 ? Uni.createFrom().item(Delivery.NONE)
                        : deliver(connection, QueuedMail.from(rows.iterator().next()), transmit)));
    }

    /** Messages waiting, due or backing off. */
    Uni<Long> depth() {
        return pool.query(MailOutboxSql.DEPTH).execute().map(rows -> rows.iterator().next().getLong("depth"));
    }

    private Uni<Delivery> deliver(SqlConnection connection, QueuedMail mail, Function<QueuedMail, Uni<Void>> transmit) {
        return connection.query(MailOutboxSql.SAVEPOINT).execute()
                .chain(() -> connection.preparedQuery(MailOutboxSql.MARK_SENT).execute(Tuple.of(mail.id())))
                .chain(() -> Uni.createFrom().deferred(() -> transmit.apply(mail))
                        .replaceWith(new Delivery(mail.id(), Delivery.Outcome.SENT))
                        .onFailure().recoverWithUni(failure -> connection.query(MailOutboxSql.ROLLBACK_TO_SAVEPOINT)
                                .execute().chain(() -> recordFailure(connection, mail, SendFailure.of(failure)))));
    }

    private Uni<Delivery> recordFailure(SqlConnection connection, QueuedMail mail, SendFailure failure) {
        int attempts = mail.attempts() + 1;
        if (failure.permanent()) {
            LOG.errorf("Mail %d (%s) refused for good after %d attempts, not retried: %s", mail.id(),
                    mail.messageIdHeader(), attempts, failure.description());
            return connection.preparedQuery(MailOutboxSql.MARK_FAILED)
                    .execute(Tuple.of(mail.id(), failure.description())).replaceWith(new Delivery(mail.id(), Delivery.Outcome.FAILED));
        }
        double delayMillis = backoff.afterFailure(attempts).toMillis();
        LOG.warnf("Mail %d (%s) not sent on attempt %d, retried in %.0f s: %s", mail.id(), mail.messageIdHeader(),
                attempts, delayMillis / 1000, failure.description());
        return connection.preparedQuery(MailOutboxSql.MARK_RETRY)
                .execute(Tuple.of(mail.id(), failure.description(), delayMillis)).replaceWith(new Delivery(mail.id(), Delivery.Outcome.RETRY));
    }
}
