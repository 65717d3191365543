package org.aitelemetry.worker.session;

import java.util.HashMap;
import java.util.Map;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;

/**
 * Ingest tokens as in the webhook tests, reconciliation that needs an alert gone for ten minutes, and the optional
 * zero-length start span at open.
 */
public class ReconcileProfile extends IngestSecurityProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put("telemetry.sessions.reconcile.confirm-after", "10m");
        overrides.put("telemetry.sessions.start-spans", "true");
        return overrides;
    }
}
