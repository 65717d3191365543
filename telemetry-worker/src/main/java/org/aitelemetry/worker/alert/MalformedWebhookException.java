package org.aitelemetry.worker.alert;

import org.aitelemetry.worker.ingest.MalformedBodyException;

/** A webhook body that can never become sessions; Alertmanager must not retry it (400), and the reason says why. */
public class MalformedWebhookException extends MalformedBodyException {

    public MalformedWebhookException(String reason) {
        this(reason, null);
    }

    public MalformedWebhookException(String reason, Throwable cause) {
        super("Malformed webhook body", reason, cause);
    }
}
