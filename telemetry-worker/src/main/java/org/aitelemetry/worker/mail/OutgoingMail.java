package org.aitelemetry.worker.mail;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * A message to put in the outbox ({@link MailOutbox#enqueue}). Its {@code Message-ID} is derived from the dedupe key,
 * so that every attempt, and a message enqueued again after being deleted, carries the same one: a receiving system
 * that keeps the ids it has seen can discard a duplicate.
 *
 * @param dedupeKey what makes it unique, e.g. {@code statement:42:PI} or {@code idle:17:2026-11-20T08:00Z}
 * @param attachment a text attachment (a statement's CSV), or null together with its name and type
 */
public record OutgoingMail(String dedupeKey, List<String> recipients, String subject, String htmlBody,
        String textBody, String attachmentName, String attachmentType, String attachment) {

    static final String MESSAGE_ID_DOMAIN = "ai-telemetry";

    public OutgoingMail {
        recipients = List.copyOf(recipients);
        if (dedupeKey.isBlank() || recipients.isEmpty()) {
            throw new IllegalArgumentException("a mail needs a dedupe key and at least one recipient");
        }
        if ((attachment == null) != (attachmentName == null)) {
            throw new IllegalArgumentException("an attachment needs its name, and a name its attachment");
        }
    }

    /** A message without an attachment. */
    public static OutgoingMail of(String dedupeKey, List<String> recipients, String subject, String htmlBody,
            String textBody) {
        return new OutgoingMail(dedupeKey, recipients, subject, htmlBody, textBody, null, null, null);
    }

    /** {@code <uuid@ai-telemetry>}: a name-based UUID of the dedupe key, the same on every replica and every run. */
    public String messageId() {
        return messageId(dedupeKey);
    }

    static String messageId(String dedupeKey) {
        return "<" + UUID.nameUUIDFromBytes(dedupeKey.getBytes(StandardCharsets.UTF_8)) + "@" + MESSAGE_ID_DOMAIN + ">";
    }
}
