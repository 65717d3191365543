package org.aitelemetry.worker.mail;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;

/** The outbox as tests see it: rows enqueued the way producers enqueue them, read back with SQL. */
final class MailOutboxRows {

    static final Duration PATIENCE = Duration.ofSeconds(30);

    private final Pool pool;

    MailOutboxRows(Pool pool) {
        this.pool = pool;
    }

    void clear() {
        pool.query("DELETE FROM mail_outbox").execute().await().atMost(PATIENCE);
    }

    boolean enqueue(OutgoingMail mail) {
        return MailOutbox.enqueue(pool, mail).await().atMost(PATIENCE);
    }

    List<Row> all(String sql, Object... parameters) {
        List<Row> rows = new ArrayList<>();
        pool.preparedQuery(sql).execute(Tuple.from(parameters)).await().atMost(PATIENCE).forEach(rows::add);
        return rows;
    }

    long count(String where) {
        return all("SELECT count(*) FROM mail_outbox WHERE " + where).get(0).getLong(0);
    }

    /** Waits until every pending message's backoff has passed: the next round then attempts all of them. */
    void awaitAllDue() {
        Awaitility.await().atMost(PATIENCE).pollInterval(Duration.ofMillis(20)).until(() -> count(
                "state = 'PENDING' AND next_attempt_at > now()") == 0);
    }

    static OutgoingMail statement(int number, String... recipients) {
        return new OutgoingMail("statement:" + number, List.of(recipients), "Weekly statement " + number,
                "<p>GPU-hours of week " + number + "</p>", "GPU-hours of week " + number,
                "statement-" + number + ".csv", "text/csv", "project,gpu_hours\nlab/a," + number + "\n");
    }
}
