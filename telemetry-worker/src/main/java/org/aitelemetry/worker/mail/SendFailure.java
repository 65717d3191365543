package org.aitelemetry.worker.mail;

import io.vertx.ext.mail.SMTPException;
import java.util.Set;

/**
 * Why a message did not go out, and whether trying again can help. Permanent: a 5xx reply about the message or its
 * recipients (an unknown mailbox, a message too large or refused by policy), or a message the client cannot encode;
 * it fails the same way every time. Transient: a 4xx reply, a refused or broken connection, a timeout. A 5xx about
 * authentication is transient too: the operator fixes the credentials and the mail still goes, rather than every
 * message of the outage being failed for good.
 */
record SendFailure(boolean permanent, String description) {

    private static final int MAX_LENGTH = 2000;
    /** Authentication required, too weak, credentials invalid, encryption required. */
    private static final Set<Integer> AUTHENTICATION_REPLIES = Set.of(530, 534, 535, 538);

    static SendFailure of(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SMTPException smtp) {
                int reply = smtp.getReplyCode();
                boolean permanent = reply >= 500 && reply < 600 && !AUTHENTICATION_REPLIES.contains(reply);
                return new SendFailure(permanent, limited("SMTP " + smtp.getMessage()));
            }
            if (cause instanceof IllegalArgumentException) {
                return new SendFailure(true, limited("not sendable: " + cause.getMessage()));
            }
        }
        return new SendFailure(false, limited(failure.getClass().getSimpleName() + ": " + failure.getMessage()));
    }

    private static String limited(String text) {
        return text.length() <= MAX_LENGTH ? text : text.substring(0, MAX_LENGTH);
    }
}
