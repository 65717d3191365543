package org.aitelemetry.devkit.mail;

/**
 * One message as a mailbox holds it: a message sent to two recipients is received twice, once per mailbox.
 *
 * @param recipient the mailbox it landed in
 * @param messageId its {@code Message-ID} header, as sent (with the angle brackets)
 */
public record ReceivedMail(String recipient, String messageId, String subject, String from, String body) {
}
