package org.aitelemetry.worker.mail;

import io.vertx.mutiny.sqlclient.Row;
import java.util.Arrays;
import java.util.List;

/** A claimed outbox row: the message as it goes out, and how often it was tried before. */
record QueuedMail(long id, String messageId, List<String> recipients, String subject, String htmlBody,
        String textBody, String attachmentName, String attachmentType, String attachment, int attempts) {

    static QueuedMail from(Row row) {
        return new QueuedMail(row.getLong("id"), row.getString("message_id"),
                Arrays.asList(row.getArrayOfStrings("recipients")), row.getString("subject"),
                row.getString("html_body"), row.getString("text_body"), row.getString("attachment_name"),
                row.getString("attachment_type"), row.getString("attachment"), row.getInteger("attempts"));
    }

    /** The header's form, with angle brackets, whether or not the row has them. */
    String messageIdHeader() {
        return messageId.startsWith("<") ? messageId : "<" + messageId + ">";
    }
}
