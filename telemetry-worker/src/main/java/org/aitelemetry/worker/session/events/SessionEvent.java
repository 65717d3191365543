package org.aitelemetry.worker.session.events;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What happened to a usage session (contracts.md §2), as published on {@value SessionEventPublisher#CHANNEL}: the
 * session's key ({@code fingerprint}, {@code startsAt}), its state at that moment, and its labels. Sent as JSON; a
 * wire model, separate from the {@code UsageSession} entity.
 *
 * @param type what happened
 * @param fingerprint the alert's fingerprint; also the Kafka record key, so one session's events stay in order
 * @param startsAt start of the session (the alert's {@code startsAt})
 * @param endsAt end of the session; null while it is open
 * @param closeReason lowercase ({@code resolved}, {@code superseded}, {@code unobserved}); null while it is open
 * @param alertName the alert's name, e.g. {@code GpuInUse}
 * @param labels the alert's full label set, sorted by name
 * @param clusterName cluster, or null when the labels do not say
 * @param nodeName node, or null
 * @param namespace namespace of the pod holding the GPU, or null
 * @param pod pod holding the GPU, or null
 * @param container container holding the GPU, or null
 * @param gpuUuid the GPU's UUID, or null
 * @param gpuInstanceId the MIG instance id; null for a whole GPU
 * @param traceId hex trace id of the session's span
 * @param occurredAt when the worker made the change this event reports
 */
public record SessionEvent(
        Type type,
        String fingerprint,
        Instant startsAt,
        Instant endsAt,
        String closeReason,
        String alertName,
        Map<String, String> labels,
        String clusterName,
        String nodeName,
        String namespace,
        String pod,
        String container,
        String gpuUuid,
        Integer gpuInstanceId,
        String traceId,
        Instant occurredAt) {

    /** Transitions of a session that consumers hear about. */
    public enum Type {
        /** A session was opened by a firing alert. */
        OPENED,
        /** A resolve arrived: the session has an end and waits out its grace period. */
        CLOSING,
        /** The alert fired again during the grace period: the session is open again. */
        CLOSE_CANCELLED,
        /** The session is final: its end and close reason will not change. */
        FINALISED
    }

    public SessionEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(startsAt, "startsAt");
        Objects.requireNonNull(occurredAt, "occurredAt");
        labels = labels == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(labels));
    }
}
