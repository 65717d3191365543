package org.aitelemetry.worker.pipeline;

import java.util.HashMap;
import java.util.Map;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;

/**
 * Ingest tokens, and a pipeline that runs on its own clocks: ticks and export rounds every second, a grace period that
 * outlasts a Prometheus restart (the test finalises closes itself rather than waiting it out); self-tracing on.
 */
public class PipelineProfile extends IngestSecurityProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put("telemetry.sessions.grace-period", "3m");
        overrides.put("telemetry.sessions.every", "1s");
        overrides.put("telemetry.tracing.export-every", "1s");
        overrides.put("telemetry.tracing.trace-url-template", "https://tempo.example/trace/{traceId}");
        // The worker's own traces go to the same receiver as the usage spans (UsagePipelineTest checks both).
        overrides.put("quarkus.otel.sdk.disabled", "false");
        overrides.put("quarkus.otel.bsp.schedule.delay", "200ms");
        return overrides;
    }
}
