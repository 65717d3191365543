package org.aitelemetry.worker.alert;

import java.util.List;
import org.aitelemetry.worker.pipeline.AlertStatus;

/**
 * One Alertmanager webhook notification (contracts.md §1), checked: every alert in {@code alerts} can become a usage
 * session; {@code refused} are those whose times cannot, left out with the reason.
 */
public record WebhookBatch(String receiver, AlertStatus status, String groupKey, String externalUrl, int truncatedAlerts,
        List<WebhookAlert> alerts, List<Refused> refused) {

    public WebhookBatch {
        alerts = List.copyOf(alerts);
        refused = List.copyOf(refused);
    }

    /** An alert left out of the batch: its place in the body, its fingerprint and why. */
    public record Refused(int index, String fingerprint, String reason) {

        @Override
        public String toString() {
            return "alerts[" + index + "] (fingerprint " + fingerprint + "): " + reason;
        }
    }
}
