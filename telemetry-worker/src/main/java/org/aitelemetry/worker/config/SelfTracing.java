package org.aitelemetry.worker.config;

import io.opentelemetry.api.common.AttributeKey;

/**
 * Attributes the worker's own spans carry (docs/operations.md, "Self-tracing"), so that one source's slow cycle or a
 * large probe batch can be picked out in Tempo.
 */
public final class SelfTracing {

    /** The metric source a sync or rollup cycle worked on. */
    public static final AttributeKey<String> SOURCE = AttributeKey.stringKey("telemetry.source");
    /** Probe runs stored and scored in one transaction. */
    public static final AttributeKey<Long> PROBE_RUNS = AttributeKey.longKey("telemetry.probe.runs");

    private SelfTracing() {
    }
}
