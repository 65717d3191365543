package org.aitelemetry.worker.mail;

import static org.aitelemetry.worker.mail.MailOutboxRows.PATIENCE;
import static org.aitelemetry.worker.mail.MailOutboxRows.statement;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.mailer.reactive.ReactiveMailer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgPool;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.aitelemetry.devkit.mail.InjectSmtp;
import org.aitelemetry.devkit.mail.ReceivedMail;
import org.aitelemetry.devkit.mail.SmtpServer;
import org.aitelemetry.devkit.mail.SmtpTestResource;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.WorkerMetrics;
import org.awaitility.Awaitility;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Acceptance scenario 32 against a real SMTP server over a socket: the server is down while statements go out (every
 * attempt counted, nothing lost, nothing marked sent), comes back (each message delivered once per recipient, counted
 * by Message-ID in the server's mailboxes), and a restarted worker (a second sender built afresh over the same
 * database and server: a worker keeps no mail state of its own) delivers nothing twice; a permanent 550 fails a
 * message for good.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(SmtpTestResource.class)
class MailOutageTest {

    private static final int MESSAGES = 12;
    private static final int FAILED_ROUNDS = 3;

    @InjectSmtp
    SmtpServer smtp;

    @Inject
    MailJob job;

    @Inject
    Pool pool;

    @Inject
    ReactiveMailer mailer;

    @Inject
    MailConfig config;

    @Inject
    MailMetrics metrics;

    @Inject
    Vertx vertx;

    @ConfigProperty(name = "quarkus.datasource.reactive.url")
    String reactiveUrl;

    @ConfigProperty(name = "quarkus.datasource.username")
    String user;

    @ConfigProperty(name = "quarkus.datasource.password")
    String password;

    private MailOutboxRows rows;

    @BeforeEach
    void emptyOutbox() {
        rows = new MailOutboxRows(pool);
        rows.clear();
    }

    @AfterEach
    void serverBack() {
        smtp.start();
    }

    @Test
    void whileTheServerIsDownNothingIsLostAndOnceBackEachMessageIsDeliveredOnceEvenAfterARestart() throws Exception {
        List<OutgoingMail> mails = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++) {
            mails.add(i % 3 == 0 ? statement(i, "pi-" + i + "@lab.example", "manager@lab.example")
                    : statement(i, "pi-" + i + "@lab.example"));
        }
        mails.forEach(mail -> assertThat(rows.enqueue(mail)).isTrue());
        double retriedBefore = WorkerMetrics.value("telemetry_mail_retried_total", "");
        double sentBefore = WorkerMetrics.value("telemetry_mail_sent_total", "");
        int receivedBefore = smtp.received().size();

        smtp.stop();
        Map<Long, Instant> previousNext = new HashMap<>();
        for (int round = 1; round <= FAILED_ROUNDS; round++) {
            MailReport report = roundOnceAllAreDue(job);

            assertThat(report.retried()).as("round %d", round).isEqualTo(MESSAGES);
            assertThat(report.sent()).isZero();
            for (Row row : rows.all("SELECT id, state, attempts, next_attempt_at, last_error, sent_at FROM mail_outbox")) {
                assertThat(row.getString("state")).isEqualTo("PENDING");
                assertThat(row.getInteger("attempts")).as("attempts after round %d", round).isEqualTo(round);
                assertThat(row.getString("last_error")).isNotBlank();
                assertThat(row.getValue("sent_at")).isNull();
                Instant next = row.getOffsetDateTime("next_attempt_at").toInstant();
                Instant before = previousNext.put(row.getLong("id"), next);
                if (before != null) {
                    assertThat(next).isAfter(before);
                }
            }
            assertThat(WorkerMetrics.value("telemetry_mail_outbox_depth", "")).isEqualTo(MESSAGES);
            assertThat(WorkerMetrics.value("telemetry_mail_retried_total", "") - retriedBefore)
                    .isEqualTo(MESSAGES * round);
        }
        assertThat(smtp.received()).hasSize(receivedBefore);

        smtp.start();
        MailReport recovered = roundOnceAllAreDue(job);

        assertThat(recovered.sent()).isEqualTo(MESSAGES);
        assertDeliveredOnce(mails);
        assertThat(rows.count("state = 'SENT' AND sent_at IS NOT NULL AND attempts = " + (FAILED_ROUNDS + 1)))
                .isEqualTo(MESSAGES);
        assertThat(WorkerMetrics.value("telemetry_mail_outbox_depth", "")).isZero();
        assertThat(WorkerMetrics.value("telemetry_mail_sent_total", "") - sentBefore).isEqualTo(MESSAGES);

        MailReport afterRestart = restartedWorker().deliverDue().await().atMost(PATIENCE);
        mails.forEach(mail -> assertThat(rows.enqueue(mail)).as("enqueued again").isFalse());
        MailReport afterReenqueue = job.deliverDue().await().atMost(PATIENCE);

        assertThat(afterRestart.attempts()).isZero();
        assertThat(afterReenqueue.attempts()).isZero();
        assertDeliveredOnce(mails);
    }

    @Test
    void aPermanentRefusalFailsTheMessageForGoodAndOthersStillGo() throws Exception {
        smtp.refuse("left-the-lab@lab.example");
        OutgoingMail refused = statement(100, "left-the-lab@lab.example");
        OutgoingMail accepted = statement(101, "pi@lab.example");
        rows.enqueue(refused);
        rows.enqueue(accepted);
        double failedBefore = WorkerMetrics.value("telemetry_mail_failed_total", "");

        MailReport first = roundOnceAllAreDue(job);
        MailReport later = roundOnceAllAreDue(job);

        assertThat(first.failed()).isEqualTo(1);
        assertThat(first.sent()).isEqualTo(1);
        assertThat(later.attempts()).isZero();
        Row row = rows.all("SELECT state, attempts, last_error FROM mail_outbox WHERE dedupe_key = $1",
                refused.dedupeKey()).get(0);
        assertThat(row.getString("state")).isEqualTo("FAILED");
        assertThat(row.getInteger("attempts")).isEqualTo(1);
        assertThat(row.getString("last_error")).contains("550");
        assertThat(smtp.copiesOf(refused.messageId())).isZero();
        assertThat(smtp.copiesOf(accepted.messageId())).isEqualTo(1);
        assertThat(WorkerMetrics.value("telemetry_mail_failed_total", "") - failedBefore).isEqualTo(1);
    }

    /** A second replica (or a restarted worker) never takes a message another holds while it is on the wire. */
    @Test
    void aMessageOnTheWireIsNotTakenBySecondSender() throws Exception {
        OutgoingMail mail = statement(200, "pi@lab.example");
        rows.enqueue(mail);
        MailSender sender = new MailSender(mailer);
        CompletableFuture<Void> release = new CompletableFuture<>();
        CompletableFuture<Delivery> first = new MailOutbox(pool, config)
                .deliverNext(List.of(), queued -> Uni.createFrom().completionStage(release).chain(() -> sender.send(queued)))
                .subscribeAsCompletionStage();
        rows.awaitAllDue();
        Awaitility.await().atMost(PATIENCE).until(() -> !rows.all(
                "SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'mail_outbox'"
                        + " AND l.mode = 'RowShareLock'").isEmpty());

        MailReport second = restartedWorker().deliverDue().await().atMost(PATIENCE);
        release.complete(null);

        assertThat(second.attempts()).isZero();
        assertThat(first.get().outcome()).isEqualTo(Delivery.Outcome.SENT);
        assertThat(smtp.copiesOf(mail.messageId())).isEqualTo(1);
        assertThat(rows.count("state = 'SENT'")).isEqualTo(1);
    }

    /**
     * The window scenario 32 leaves open, pinned so that the docs stay true: the server accepted the message and the
     * worker lost its database connection before the COMMIT. The row is still PENDING and goes again, with the same
     * Message-ID, which is what lets a receiving system discard the copy.
     */
    @Test
    void aWorkerLostBetweenTheServersAcceptanceAndTheCommitSendsItAgainWithTheSameMessageId() {
        OutgoingMail mail = statement(300, "pi@lab.example");
        rows.enqueue(mail);
        MailSender sender = new MailSender(mailer);
        // The lost worker's own connection, killed by the database between the server's 250 and the COMMIT.
        Pool lostWorkersPool = PgPool.pool(vertx, PgConnectOptions.fromUri(reactiveUrl).setUser(user)
                .setPassword(password), new PoolOptions().setMaxSize(1));
        try {
            Uni<Delivery> lostBeforeCommit = new MailOutbox(lostWorkersPool, config).deliverNext(List.of(),
                    queued -> sender.send(queued).call(() -> pool.query("""
                            SELECT pg_terminate_backend(l.pid) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
                            WHERE c.relname = 'mail_outbox' AND l.mode = 'RowShareLock'""").execute()));

            assertThatThrownBy(() -> lostBeforeCommit.await().atMost(PATIENCE)).isNotNull();
        } finally {
            lostWorkersPool.closeAndAwait();
        }
        assertThat(smtp.copiesOf(mail.messageId())).isEqualTo(1);
        assertThat(rows.count("state = 'PENDING' AND attempts = 0")).isEqualTo(1);

        MailReport again = roundOnceAllAreDue(job);

        assertThat(again.sent()).isEqualTo(1);
        assertThat(smtp.copiesOf(mail.messageId())).isEqualTo(2);
        assertThat(rows.count("state = 'SENT'")).isEqualTo(1);
    }

    /** A worker built afresh over the same database and server: all the mail state there is lives in the outbox. */
    private MailJob restartedWorker() {
        return new MailJob(new MailOutbox(pool, config), new MailSender(mailer), metrics, config);
    }

    private MailReport roundOnceAllAreDue(MailJob sender) {
        rows.awaitAllDue();
        MailReport report = sender.deliverDue().await().atMost(PATIENCE);
        assertThat(report.busy()).isFalse();
        return report;
    }

    /**
     * Each message is in each of its recipients' mailboxes exactly once, with its own Message-ID, from the configured
     * sender, as HTML with a plain-text alternative and its CSV attached.
     */
    private void assertDeliveredOnce(List<OutgoingMail> mails) {
        for (OutgoingMail mail : mails) {
            List<ReceivedMail> copies = smtp.received().stream()
                    .filter(received -> received.messageId().equals(mail.messageId())).toList();
            assertThat(copies).extracting(ReceivedMail::recipient)
                    .as(mail.dedupeKey()).containsExactlyInAnyOrderElementsOf(mail.recipients());
            assertThat(copies).extracting(ReceivedMail::subject).containsOnly(mail.subject());
            assertThat(copies).extracting(ReceivedMail::from).containsOnly("ai-telemetry@localhost");
            assertThat(copies).allSatisfy(copy -> assertThat(copy.body())
                    .contains(mail.attachmentName(), "text/csv", "text/html", "text/plain"));
        }
    }
}
