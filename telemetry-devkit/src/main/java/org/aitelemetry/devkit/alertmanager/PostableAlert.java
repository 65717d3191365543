package org.aitelemetry.devkit.alertmanager;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An alert as Prometheus posts it to {@code /api/v2/alerts}. Alertmanager identifies it by its labels (the fingerprint):
 * posting the same labels again updates it, and an {@code endsAt} in the past resolves it.
 *
 * @param endsAt when it ends; empty means Alertmanager's {@code resolve_timeout} (5 min) from its arrival
 */
public record PostableAlert(Map<String, String> labels, Map<String, String> annotations, Instant startsAt,
        Optional<Instant> endsAt) {

    public PostableAlert {
        if (!labels.containsKey("alertname")) {
            throw new IllegalArgumentException("an alert needs an alertname label: " + labels);
        }
        labels = new TreeMap<>(labels);
        annotations = new TreeMap<>(annotations);
    }

    public static PostableAlert firing(Map<String, String> labels, Map<String, String> annotations, Instant startsAt) {
        return new PostableAlert(labels, annotations, startsAt, Optional.empty());
    }

    /** The same alert, ended at {@code at}: resolved once that time has passed. */
    public PostableAlert endingAt(Instant at) {
        return new PostableAlert(labels, annotations, startsAt, Optional.of(at));
    }
}
