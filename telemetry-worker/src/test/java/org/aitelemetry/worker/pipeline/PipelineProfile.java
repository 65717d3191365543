package org.aitelemetry.worker.pipeline;

import java.util.HashMap;
import java.util.Map;
import org.aitelemetry.worker.alert.IngestSecurityProfile;

/** Ingest tokens, and a pipeline that runs on its own clocks: a short grace period, ticks and export rounds. */
public class PipelineProfile extends IngestSecurityProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put("telemetry.sessions.grace-period", "2s");
        overrides.put("telemetry.sessions.every", "1s");
        overrides.put("telemetry.tracing.export-every", "1s");
        overrides.put("telemetry.tracing.trace-url-template", "https://tempo.example/trace/{traceId}");
        return overrides;
    }
}
