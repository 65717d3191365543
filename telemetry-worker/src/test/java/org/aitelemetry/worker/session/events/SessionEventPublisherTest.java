package org.aitelemetry.worker.session.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsStringIgnoringCase;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.not;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import io.smallrye.reactive.messaging.memory.InMemorySink;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.ManagementInterface;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The default configuration: events go to the in-memory connector, in order, as JSON with every field, keyed by
 * fingerprint; the worker starts and stays ready without any broker, and counts what it published.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class SessionEventPublisherTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    SessionEventPublisher publisher;

    @Inject
    @Any
    InMemoryConnector connector;

    private InMemorySink<String> sink;

    @BeforeEach
    void emptySink() {
        sink = connector.sink(SessionEventPublisher.CHANNEL);
        sink.clear();
    }

    @Test
    void deliversEventsInOrderAsJsonKeyedByFingerprint() throws Exception {
        List<SessionEvent> events = new ArrayList<>(SampleEvents.sliceLifecycle("6cae35b7383d8acb"));
        events.add(SampleEvents.wholeGpuOpened("0f3a9e1c2b4d5a67"));

        publisher.publish(events);

        List<? extends Message<String>> received = awaitReceived(events.size());
        assertThat(received).extracting(message -> JSON.readTree(message.getPayload()).path("type").asText())
                .containsExactly("OPENED", "CLOSING", "CLOSE_CANCELLED", "CLOSING", "FINALISED", "OPENED");
        assertThat(received).extracting(SessionEventPublisherTest::key)
                .containsExactly("6cae35b7383d8acb", "6cae35b7383d8acb", "6cae35b7383d8acb", "6cae35b7383d8acb",
                        "6cae35b7383d8acb", "0f3a9e1c2b4d5a67");

        JsonNode finalised = JSON.readTree(received.get(4).getPayload());
        assertThat(finalised.properties()).extracting(Map.Entry::getKey).containsExactly("type", "fingerprint",
                "startsAt", "endsAt", "closeReason", "alertName", "labels", "clusterName", "nodeName", "namespace",
                "pod", "container", "gpuUuid", "gpuInstanceId", "traceId", "occurredAt");
        assertThat(finalised.path("startsAt").asText()).isEqualTo("2026-11-21T10:00:00.123Z");
        assertThat(finalised.path("endsAt").asText()).isEqualTo("2026-11-21T12:00:00.123Z");
        assertThat(finalised.path("occurredAt").asText()).isEqualTo("2026-11-21T12:15:00.123Z");
        assertThat(finalised.path("closeReason").asText()).isEqualTo("resolved");
        assertThat(finalised.path("alertName").asText()).isEqualTo("GpuSliceInUse");
        assertThat(finalised.path("labels").path("GPU_I_ID").asText()).isEqualTo("2");
        assertThat(finalised.path("labels").size()).isEqualTo(SampleEvents.SLICE_LABELS.size());
        assertThat(finalised.path("gpuInstanceId").isInt()).isTrue();
        assertThat(finalised.path("gpuInstanceId").asInt()).isEqualTo(2);
        assertThat(finalised.path("traceId").asText()).hasSize(32)
                .isEqualTo(events.get(4).traceId());

        JsonNode opened = JSON.readTree(received.get(5).getPayload());
        assertThat(opened.path("endsAt").isNull()).as("nulls are written, not left out").isTrue();
        assertThat(opened.path("closeReason").isNull()).isTrue();
        assertThat(opened.path("container").isNull()).isTrue();
        assertThat(opened.path("gpuInstanceId").isNull()).isTrue();
        assertThat(opened.path("gpuUuid").asText()).isEqualTo("GPU-bbbb");
    }

    @Test
    void countsPublishedEventsAsPrometheusMetrics() {
        double before = counter("telemetry_session_events_published_total");

        publisher.publish(SampleEvents.sliceLifecycle("5b2f0c81d4e6a9f3"));

        awaitReceived(5);
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(counter("telemetry_session_events_published_total")).isEqualTo(before + 5));
        assertThat(counter("telemetry_session_events_failed_total")).isZero();
    }

    @Test
    void startsAndStaysReadyWithoutAnyBroker() {
        ManagementInterface.given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", everyItem(not(containsStringIgnoringCase("kafka"))));
    }

    private List<? extends Message<String>> awaitReceived(int count) {
        await().atMost(Duration.ofSeconds(5)).until(() -> sink.received().size() >= count);
        return sink.received();
    }

    private static String key(Message<String> message) {
        return message.getMetadata(OutgoingKafkaRecordMetadata.class).orElseThrow().getKey().toString();
    }

    /** A counter's value as the worker's Prometheus endpoint shows it. */
    private static double counter(String name) {
        String metrics = ManagementInterface.given().when().get("/q/metrics").then().statusCode(200).extract()
                .asString();
        return metrics.lines().filter(line -> line.startsWith(name + " ") || line.startsWith(name + "{"))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not exposed"));
    }
}
