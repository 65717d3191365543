package org.aitelemetry.worker.health.events;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Switches the {@code gpu-health} channel to Kafka the way a deployment does: the connector alone. */
public class KafkaGpuHealthProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(GpuHealthEventPublisher.CONNECTOR_PROPERTY, "smallrye-kafka");
    }
}
