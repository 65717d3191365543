package org.aitelemetry.worker.kube;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * Two clusters on two API servers: {@value #WEST} through the client Quarkus configures (the test's mock server, as the
 * single-cluster properties always did) and {@link SecondApiServer#CLUSTER} through its own URL and token file. The
 * blast-radius limit at its defaults (10 %, 5 per hour).
 */
public class TwoClustersProfile implements QuarkusTestProfile {

    static final String WEST = "west";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("telemetry.kubernetes.enabled", "true",
                "telemetry.kubernetes.cluster", WEST,
                "telemetry.kubernetes.probe-namespace", "west-probes",
                "telemetry.kubernetes.heartbeat-every", "off");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(SecondApiServer.class));
    }
}
