package org.aitelemetry.worker.alert;

/** A webhook body that can never become sessions; Alertmanager must not retry it (400), and the reason says why. */
public class MalformedWebhookException extends RuntimeException {

    public MalformedWebhookException(String reason) {
        super(reason);
    }

    public MalformedWebhookException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
