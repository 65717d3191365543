package org.aitelemetry.worker.session;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.aitelemetry.worker.pipeline.AlertStatus;

/** Builds notifications for state-machine tests: one alert (fingerprint) at a time, ids in arrival order. */
final class Notifications {

    private final AtomicLong ids = new AtomicLong();

    AlertNotification firing(String fingerprint, Instant startsAt, Instant receivedAt) {
        return new AlertNotification(ids.incrementAndGet(), fingerprint, AlertStatus.FIRING, startsAt, null,
                labels(fingerprint), receivedAt);
    }

    AlertNotification resolved(String fingerprint, Instant startsAt, Instant endsAt, Instant receivedAt) {
        return new AlertNotification(ids.incrementAndGet(), fingerprint, AlertStatus.RESOLVED, startsAt, endsAt,
                labels(fingerprint), receivedAt);
    }

    private static Map<String, String> labels(String fingerprint) {
        return Map.of("alertname", "GpuInUse", "UUID", "GPU-" + fingerprint, "namespace", "team-a", "pod", "train-0");
    }
}
