package org.aitelemetry.worker.health.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.core.eventbus.EventBus;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.aitelemetry.devkit.kafka.InjectKafka;
import org.aitelemetry.devkit.kafka.KafkaComponent;
import org.aitelemetry.devkit.kafka.KafkaTestResource;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.KafkaTopics;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** The production path against a real Kafka broker: a verdict change lands on the topic keyed by GPU UUID, as JSON. */
@QuarkusTest
@TestProfile(KafkaGpuHealthProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(KafkaTestResource.class)
class GpuHealthEventsOnKafkaTest {

    private static final String TOPIC = "ai-telemetry.gpu-health";
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    @InjectKafka
    KafkaComponent kafka;

    @Inject
    EventBus bus;

    @Test
    void aVerdictChangeArrivesOnTheTopicKeyedByGpuUuid() throws Exception {
        bus.publish(PipelineAddresses.VERDICT_CHANGED, Changes.gpuFailed("GPU-kafka-1"));
        bus.publish(PipelineAddresses.VERDICT_CHANGED, Changes.nodeDegraded("gpu-node-1"));

        List<ConsumerRecord<String, String>> records = consume(2);

        assertThat(records).extracting(ConsumerRecord::key).containsExactlyInAnyOrder("GPU-kafka-1", "gpu-node-1");
        ConsumerRecord<String, String> gpu = records.stream().filter(r -> r.key().equals("GPU-kafka-1")).findFirst()
                .orElseThrow();
        JsonNode event = JSON.readTree(gpu.value());
        assertThat(event.path("schema_version").asInt()).isEqualTo(GpuHealthEvent.SCHEMA_VERSION);
        assertThat(event.path("kind").asText()).isEqualTo("gpu");
        assertThat(event.path("gpu_uuid").asText()).isEqualTo("GPU-kafka-1");
        assertThat(event.path("previous").asText()).isEqualTo("healthy");
        assertThat(event.path("current").asText()).isEqualTo("failed");
        assertThat(event.path("reasons").size()).isEqualTo(1);
        assertThat(event.path("evidence").size()).isEqualTo(1);
        assertThat(event.path("run_id").asText()).isEqualTo(Changes.RUN.toString());
        assertThat(event.path("at").asText()).isEqualTo("2026-11-21T10:15:30.250Z");
    }

    private List<ConsumerRecord<String, String>> consume(int expected) {
        return KafkaTopics.read(kafka.bootstrapServers(), TOPIC, "gpu-health-test", expected, PATIENCE);
    }
}
