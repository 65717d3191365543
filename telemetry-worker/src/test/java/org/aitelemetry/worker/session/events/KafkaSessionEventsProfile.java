package org.aitelemetry.worker.session.events;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * Switches the session-event channel to Kafka the way a deployment does: the connector alone (the broker address comes
 * from {@code KafkaTestResource}). Short producer timeouts let a test see an unreachable broker's failures in seconds,
 * whether the producer still knows the topic's partitions (the batch expires: delivery timeout) or has lost them and
 * waits for metadata (max block).
 */
public class KafkaSessionEventsProfile implements QuarkusTestProfile {

    private static final String CHANNEL = "mp.messaging.outgoing." + SessionEventPublisher.CHANNEL + ".";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                CHANNEL + "connector", "smallrye-kafka",
                CHANNEL + "request.timeout.ms", "1000",
                CHANNEL + "delivery.timeout.ms", "2000",
                CHANNEL + "max.block.ms", "2000");
    }
}
