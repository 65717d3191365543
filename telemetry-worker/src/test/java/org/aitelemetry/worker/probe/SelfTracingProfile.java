package org.aitelemetry.worker.probe;

import java.util.HashMap;
import java.util.Map;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;

/** Ingest tokens, with the worker's own traces on (docs/operations.md, "Self-tracing"), leaving within 200 ms. */
public class SelfTracingProfile extends IngestSecurityProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put("quarkus.otel.sdk.disabled", "false");
        overrides.put("quarkus.otel.bsp.schedule.delay", "200ms");
        return overrides;
    }
}
