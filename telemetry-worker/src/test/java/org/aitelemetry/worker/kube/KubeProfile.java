package org.aitelemetry.worker.kube;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The Kubernetes parts on, for the cluster {@value #CLUSTER}; rounds are run by the tests themselves. Three attempts at
 * creating a request's Jobs, with the default backoff (30 s, then 60 s).
 */
public class KubeProfile implements QuarkusTestProfile {

    static final String CLUSTER = "lab";
    static final String NAMESPACE = "ai-telemetry-probes";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("telemetry.kubernetes.enabled", "true",
                "telemetry.kubernetes.cluster", CLUSTER,
                "telemetry.kubernetes.probe-namespace", NAMESPACE,
                "telemetry.kubernetes.probe-image", "registry.example/gpu-probe:1.0",
                "telemetry.kubernetes.worker-url", "https://worker.example",
                "telemetry.kubernetes.idle-check.after", "6h",
                "telemetry.kubernetes.idle-check.interval", "24h",
                "telemetry.kubernetes.job-creation.attempts", "3");
    }
}
