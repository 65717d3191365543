package org.aitelemetry.worker.alert;

import java.util.List;

/** One Alertmanager webhook notification (contracts.md §1), checked: every alert in it can become a usage session. */
public record WebhookBatch(String receiver, AlertStatus status, String groupKey, String externalUrl, int truncatedAlerts,
        List<WebhookAlert> alerts) {

    public WebhookBatch {
        alerts = List.copyOf(alerts);
    }
}
