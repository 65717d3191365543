package org.aitelemetry.worker.span;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The spans of a usage session (contracts.md §3): {@code gpu.usage} from start to end once final, with the aggregates
 * at close, and the optional zero-length {@code gpu.usage.start} at its start in the same trace, so Tempo shows live
 * sessions. Ids come from the row, which derived them from the session's key ({@link SpanIds}). Attributes without a
 * value are left out. Stored span events (health verdict changes during the session) go on {@code gpu.usage}.
 */
final class UsageSpans {

    static final String SERVICE_NAME = "ai-telemetry-gpu-usage";
    static final String SCOPE = "org.aitelemetry.worker";

    static final AttributeKey<String> CLUSTER = AttributeKey.stringKey("k8s.cluster.name");
    static final AttributeKey<String> NODE = AttributeKey.stringKey("k8s.node.name");
    static final AttributeKey<String> NAMESPACE = AttributeKey.stringKey("k8s.namespace.name");
    static final AttributeKey<String> POD = AttributeKey.stringKey("k8s.pod.name");
    static final AttributeKey<String> CONTAINER = AttributeKey.stringKey("k8s.container.name");
    static final AttributeKey<String> GPU_UUID = AttributeKey.stringKey("gpu.uuid");
    static final AttributeKey<Long> GPU_INDEX = AttributeKey.longKey("gpu.index");
    static final AttributeKey<String> GPU_MODEL = AttributeKey.stringKey("gpu.model");
    static final AttributeKey<String> MIG_PROFILE = AttributeKey.stringKey("gpu.mig.profile");
    static final AttributeKey<Long> MIG_INSTANCE = AttributeKey.longKey("gpu.mig.instance_id");
    static final AttributeKey<String> PROJECT = AttributeKey.stringKey("research.project");
    static final AttributeKey<String> ALERT_NAME = AttributeKey.stringKey("alert.name");
    static final AttributeKey<String> FINGERPRINT = AttributeKey.stringKey("alert.fingerprint");
    static final AttributeKey<String> CLOSE_REASON = AttributeKey.stringKey("session.close_reason");
    static final AttributeKey<Double> UTILIZATION = AttributeKey.doubleKey("gpu.utilization.avg");
    static final AttributeKey<Double> ENERGY = AttributeKey.doubleKey("gpu.energy.joules");
    static final AttributeKey<Double> GPU_SECONDS = AttributeKey.doubleKey("gpu.seconds");

    private final Resource resource;
    private final InstrumentationScopeInfo scope;

    UsageSpans(String serviceVersion) {
        AttributesBuilder resourceAttributes = Attributes.builder().put("service.name", SERVICE_NAME);
        if (serviceVersion != null) {
            resourceAttributes.put("service.version", serviceVersion);
        }
        this.resource = Resource.create(resourceAttributes.build());
        this.scope = serviceVersion == null ? InstrumentationScopeInfo.create(SCOPE)
                : InstrumentationScopeInfo.builder(SCOPE).setVersion(serviceVersion).build();
    }

    /** The final span, from start to end. */
    SpanData usage(OutboxSession session) {
        AttributesBuilder attributes = common(session);
        put(attributes, CLOSE_REASON, session.closeReason() == null ? null
                : session.closeReason().toLowerCase(Locale.ROOT));
        put(attributes, UTILIZATION, session.utilizationAvg());
        put(attributes, ENERGY, session.energyJoules());
        put(attributes, GPU_SECONDS, session.gpuSeconds());
        return span(SpanIds.USAGE_SPAN, session.spanId(), session, session.endsAt(), attributes.build(),
                session.events());
    }

    /** The zero-length span at the start. */
    SpanData start(OutboxSession session) {
        String spanId = SpanIds.spanId(session.fingerprint(), session.startsAt(), SpanIds.START_SPAN);
        return span(SpanIds.START_SPAN, spanId, session, session.startsAt(), common(session).build(), List.of());
    }

    private SpanData span(String name, String spanId, OutboxSession session, Instant end, Attributes attributes,
            List<EventData> events) {
        SpanContext context = SpanContext.create(session.traceId(), spanId, TraceFlags.getSampled(),
                TraceState.getDefault());
        return new UsageSpanData(name, context, nanos(session.startsAt()), nanos(end), attributes, events,
                resource, scope);
    }

    private static AttributesBuilder common(OutboxSession session) {
        AttributesBuilder attributes = Attributes.builder();
        put(attributes, CLUSTER, session.clusterName());
        put(attributes, NODE, session.nodeName());
        put(attributes, NAMESPACE, session.namespace());
        put(attributes, POD, session.pod());
        put(attributes, CONTAINER, session.container());
        put(attributes, GPU_UUID, session.gpuUuid());
        put(attributes, GPU_INDEX, session.gpuIndex() == null ? null : session.gpuIndex().longValue());
        put(attributes, GPU_MODEL, session.gpuModel());
        put(attributes, MIG_PROFILE, session.migProfile());
        put(attributes, MIG_INSTANCE, session.gpuInstanceId() == null ? null : session.gpuInstanceId().longValue());
        put(attributes, PROJECT, session.projectNamespace() != null ? session.projectNamespace() : session.namespace());
        put(attributes, ALERT_NAME, session.alertName());
        put(attributes, FINGERPRINT, session.fingerprint());
        return attributes;
    }

    private static <T> void put(AttributesBuilder attributes, AttributeKey<T> key, T value) {
        if (value != null && !"".equals(value)) {
            attributes.put(key, value);
        }
    }

    private static long nanos(Instant instant) {
        return TimeUnit.SECONDS.toNanos(instant.getEpochSecond()) + instant.getNano();
    }
}
