package org.aitelemetry.worker.probe;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;

/**
 * Probe Pods' Kubernetes tokens on, node scoping required (deploy/openshift's defaults), over three clusters:
 * {@value #ALPHA} through the client Quarkus configures (the test's mock server) and the two of {@link BetaApiServer};
 * OIDC on against the mock provider, for tokens that are not Kubernetes ones.
 */
public class ProbeTokenProfile implements QuarkusTestProfile {

    static final String ALPHA = "review-alpha";
    static final String ALPHA_ISSUER = "https://alpha.example";
    static final String ALPHA_NAMESPACE = "alpha-probes";

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> config = new HashMap<>(new IngestSecurityProfile().getConfigOverrides());
        config.putAll(Map.of("telemetry.kubernetes.enabled", "true",
                "telemetry.kubernetes.cluster", ALPHA,
                "telemetry.kubernetes.service-account-issuer", ALPHA_ISSUER,
                "telemetry.kubernetes.probe-namespace", ALPHA_NAMESPACE,
                "telemetry.kubernetes.heartbeat-every", "off",
                "telemetry.kubernetes.dry-run", "true",
                "telemetry.kubernetes.probe-token.enabled", "true",
                "telemetry.probes.node-scoped", "true"));
        return config;
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(BetaApiServer.class));
    }
}
