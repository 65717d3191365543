package org.aitelemetry.site.health;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.ngsild.NgsiLdTerm;
import org.aitelemetry.site.ngsild.NgsiLdTerms;

/** NGSI-LD terms of probe runs. */
@ApplicationScoped
public class HealthTerms implements NgsiLdTerms {

    static final NgsiLdTerm HOSTNAME = NgsiLdTerm.of("hostname", "Host name the probe reported.");
    static final NgsiLdTerm REQUEST_ID = NgsiLdTerm.of("requestId",
            "Id of the health-check request that caused the run, if any.");
    static final NgsiLdTerm SCHEMA_VERSION = NgsiLdTerm.of("schemaVersion", "Version of the probe's output schema.");
    static final NgsiLdTerm PROBE_VERSION = NgsiLdTerm.of("probeVersion", "gpu-probe version.");
    static final NgsiLdTerm STARTED_AT = NgsiLdTerm.of("startedAt", "Start of the run.");
    static final NgsiLdTerm FINISHED_AT = NgsiLdTerm.of("finishedAt", "End of the run.");
    static final NgsiLdTerm RECEIVED_AT = NgsiLdTerm.of("receivedAt", "When the worker stored the run.");
    static final NgsiLdTerm EXIT_CODE = NgsiLdTerm.of("exitCode",
            "The probe's exit code: 0 healthy, 1 unhealthy, 3 no GPU.");
    static final NgsiLdTerm VERDICT = NgsiLdTerm.of("verdict",
            "Overall verdict of a probe run, its worst GPU verdict: HEALTHY, UNSCORED, INCONCLUSIVE, DEGRADED,"
                    + " FAILED, or NO_GPU.");
    static final NgsiLdTerm RESULTS = NgsiLdTerm.of("results",
            "Per-GPU results of a probe run: GPU UUID, verdict, reasons and per-test figures as gpu-probe reported"
                    + " them.");

    @Override
    public List<NgsiLdTerm> terms() {
        return List.of(HOSTNAME, REQUEST_ID, SCHEMA_VERSION, PROBE_VERSION, STARTED_AT, FINISHED_AT, RECEIVED_AT,
                EXIT_CODE, VERDICT, RESULTS);
    }
}
