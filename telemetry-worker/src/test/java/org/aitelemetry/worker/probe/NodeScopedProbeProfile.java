package org.aitelemetry.worker.probe;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;
import org.aitelemetry.devkit.keycloak.KeycloakClients;

/** Node-scoped probe credentials on, reading the claims the devkit's {@code test-probe-node} client carries. */
public class NodeScopedProbeProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("telemetry.probes.node-claim", KeycloakClients.TEST_PROBE_NODE_CLAIM,
                "telemetry.probes.cluster-claim", KeycloakClients.TEST_PROBE_CLUSTER_CLAIM);
    }
}
