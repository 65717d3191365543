package org.aitelemetry.worker.health.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import io.smallrye.reactive.messaging.memory.InMemorySink;
import io.vertx.mutiny.core.eventbus.EventBus;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.WorkerMetrics;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The default configuration: a verdict change announced on the event bus reaches the in-memory {@code gpu-health}
 * channel as versioned snake_case JSON, keyed by GPU UUID (a node's change by node), and is counted.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class GpuHealthEventPublisherTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    EventBus bus;

    @Inject
    @Any
    InMemoryConnector connector;

    private InMemorySink<String> sink;

    @BeforeEach
    void emptySink() {
        sink = connector.sink(GpuHealthEventPublisher.CHANNEL);
        sink.clear();
    }

    @Test
    void aGpusVerdictChangeArrivesAsVersionedJsonKeyedByItsUuid() throws Exception {
        double published = WorkerMetrics.value("telemetry_health_events_published_total", "");

        bus.publish(PipelineAddresses.VERDICT_CHANGED, Changes.gpuFailed("GPU-aaaa"));

        Message<String> message = awaitReceived(1).get(0);
        assertThat(key(message)).isEqualTo("GPU-aaaa");
        JsonNode event = JSON.readTree(message.getPayload());
        assertThat(event.properties()).extracting(Map.Entry::getKey).containsExactly("schema_version", "kind",
                "cluster", "node", "gpu_uuid", "previous", "current", "reasons", "evidence", "advice", "run_id", "at");
        assertThat(event.path("schema_version").asInt()).isEqualTo(GpuHealthEvent.SCHEMA_VERSION);
        assertThat(event.path("kind").asText()).isEqualTo("gpu");
        assertThat(event.path("cluster").asText()).isEqualTo("hub-a");
        assertThat(event.path("node").asText()).isEqualTo("gpu-node-1");
        assertThat(event.path("previous").asText()).isEqualTo("healthy");
        assertThat(event.path("current").asText()).isEqualTo("failed");
        assertThat(event.path("schema_version").asInt()).isEqualTo(2);
        assertThat(event.path("reasons")).extracting(JsonNode::asText)
                .containsExactly("XID 79: GPU has fallen off the bus");
        assertThat(event.path("evidence").get(0).path("kind").asText()).isEqualTo("hardware_xid");
        assertThat(event.path("evidence").get(0).path("severity").asText()).isEqualTo("hard");
        assertThat(event.path("evidence").get(0).path("details").path("xid").asText()).isEqualTo("79");
        assertThat(event.path("advice").get(0).path("action").asText()).isEqualTo("drain_reboot");
        assertThat(event.path("advice").get(0).path("because")).extracting(JsonNode::asText)
                .containsExactly("hardware_xid");
        assertThat(event.path("run_id").asText()).isEqualTo(Changes.RUN.toString());
        assertThat(event.path("at").asText()).isEqualTo("2026-11-21T10:15:30.250Z");
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(
                WorkerMetrics.value("telemetry_health_events_published_total", "")).isEqualTo(published + 1));
        assertThat(WorkerMetrics.value("telemetry_health_events_failed_total", "")).isZero();
    }

    @Test
    void aNodesVerdictChangeIsKeyedByTheNodeAndNamesNoGpu() throws Exception {
        bus.publish(PipelineAddresses.VERDICT_CHANGED, Changes.nodeDegraded("gpu-node-7"));

        Message<String> message = awaitReceived(1).get(0);
        assertThat(key(message)).isEqualTo("gpu-node-7");
        JsonNode event = JSON.readTree(message.getPayload());
        assertThat(event.path("kind").asText()).isEqualTo("node");
        assertThat(event.path("gpu_uuid").isNull()).as("nulls are written, not left out").isTrue();
        assertThat(event.path("current").asText()).isEqualTo("degraded");
    }

    private List<? extends Message<String>> awaitReceived(int count) {
        await().atMost(Duration.ofSeconds(5)).until(() -> sink.received().size() >= count);
        return sink.received();
    }

    private static String key(Message<String> message) {
        return message.getMetadata(OutgoingKafkaRecordMetadata.class).orElseThrow().getKey().toString();
    }
}
