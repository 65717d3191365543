package org.aitelemetry.worker.kube;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The Kubernetes parts on, for the cluster {@value #CLUSTER}; rounds are run by the tests themselves. Three attempts at
 * creating a request's Jobs, with the default backoff (30 s, then 60 s). No blast-radius limit to speak of: the tests
 * here share the cluster's nodes, and the limit has its own test ({@code BlastRadiusTest}).
 */
public class KubeProfile implements QuarkusTestProfile {

    static final String CLUSTER = "lab";
    static final String NAMESPACE = "ai-telemetry-probes";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.ofEntries(Map.entry("telemetry.kubernetes.enabled", "true"),
                Map.entry("telemetry.kubernetes.taint-limit.max-share", "1.0"),
                Map.entry("telemetry.kubernetes.taint-limit.max-per-hour", "1000"),
                Map.entry("telemetry.kubernetes.cluster", CLUSTER),
                Map.entry("telemetry.kubernetes.probe-namespace", NAMESPACE),
                Map.entry("telemetry.kubernetes.probe-image", "registry.example/gpu-probe:1.0"),
                Map.entry("telemetry.kubernetes.probe-image-amd", "registry.example/gpu-probe-rocm:1.0"),
                Map.entry("telemetry.kubernetes.worker-url", "https://worker.example"),
                Map.entry("telemetry.kubernetes.idle-check.after", "6h"),
                Map.entry("telemetry.kubernetes.idle-check.interval", "24h"),
                Map.entry("telemetry.kubernetes.job-creation.attempts", "3"));
    }
}
