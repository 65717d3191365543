package org.aitelemetry.worker.pipeline;

import java.util.HashMap;
import java.util.Map;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;

/** The worker waits on the database longer than Alertmanager waits on the worker (10 s in Alertmanager 0.25). */
public class SlowDatabaseProfile extends IngestSecurityProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put("telemetry.ingest.store-timeout", "60s");
        return overrides;
    }
}
