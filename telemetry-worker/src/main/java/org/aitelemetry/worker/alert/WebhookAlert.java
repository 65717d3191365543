package org.aitelemetry.worker.alert;

import java.time.Instant;
import java.util.Map;
import org.aitelemetry.worker.pipeline.AlertStatus;

/**
 * One alert of a webhook batch. {@code endsAt} is null while the alert fires (Alertmanager sends year 1 then); the
 * alert's own status counts, not the batch's.
 */
public record WebhookAlert(String fingerprint, AlertStatus status, Instant startsAt, Instant endsAt,
        Map<String, String> labels, Map<String, String> annotations) {

    public WebhookAlert {
        labels = Map.copyOf(labels);
        annotations = Map.copyOf(annotations);
    }
}
