package org.aitelemetry.worker.mail;

/**
 * The mail outbox's SQL on {@code mail_outbox}, the one place its states are written. A message is claimed by locking
 * its row ({@code FOR UPDATE SKIP LOCKED}: replicas never wait for each other and never take a row another holds) in a
 * transaction that stays open while the message goes out, so no lease can expire under a slow server.
 */
final class MailOutboxSql {

    private MailOutboxSql() {
    }

    /** $1 dedupe key … $9 attachment; a message with a known dedupe key is not enqueued again. */
    static final String ENQUEUE = """
            INSERT INTO mail_outbox (dedupe_key, message_id, recipients, subject, html_body, text_body,
                                     attachment_name, attachment_type, attachment)
            VALUES ($1, $2, $3::varchar[], $4, $5, $6, $7, $8, $9)
            ON CONFLICT (dedupe_key) DO NOTHING""";

    /** The oldest due message no other transaction holds and not among $1 (tried already), locked until the end. */
    static final String CLAIM_DUE = """
            SELECT id, message_id, recipients, subject, html_body, text_body, attachment_name, attachment_type,
                   attachment, attempts
            FROM mail_outbox
            WHERE state = 'PENDING' AND next_attempt_at <= now() AND id <> ALL($1::bigint[])
            ORDER BY next_attempt_at, id LIMIT 1
            FOR UPDATE SKIP LOCKED""";

    /** Taken before the message goes out, so that a failed send undoes only what followed it. */
    static final String SAVEPOINT = "SAVEPOINT before_send";
    static final String ROLLBACK_TO_SAVEPOINT = "ROLLBACK TO SAVEPOINT before_send";

    /** $1 id. Written before the message goes out and committed as soon as the server accepted it. */
    static final String MARK_SENT = """
            UPDATE mail_outbox SET state = 'SENT', sent_at = now(), attempts = attempts + 1, last_error = NULL
            WHERE id = $1""";

    /** $1 id, $2 error, $3 delay in ms: a transient failure, tried again after the delay. */
    static final String MARK_RETRY = """
            UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2,
              next_attempt_at = now() + $3::float8 * interval '1 millisecond'
            WHERE id = $1""";

    /** $1 id, $2 error: refused for good, never tried again. */
    static final String MARK_FAILED = """
            UPDATE mail_outbox SET state = 'FAILED', attempts = attempts + 1, last_error = $2
            WHERE id = $1""";

    /** Messages waiting, due or backing off. */
    static final String DEPTH = "SELECT count(*) AS depth FROM mail_outbox WHERE state = 'PENDING'";
}
