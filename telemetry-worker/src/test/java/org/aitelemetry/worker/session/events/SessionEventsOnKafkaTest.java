package org.aitelemetry.worker.session.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.devkit.kafka.InjectKafka;
import org.aitelemetry.devkit.kafka.KafkaComponent;
import org.aitelemetry.devkit.kafka.KafkaTestResource;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.KafkaTopics;
import org.aitelemetry.worker.ManagementInterface;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The production path against a real Kafka broker: events land on the topic keyed by fingerprint and decode back to
 * what was published; with the broker gone, publishing still returns at once, the loss is counted, and the worker
 * stays live and ready. The last test stops the broker, hence the order.
 */
@QuarkusTest
@TestProfile(KafkaSessionEventsProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(KafkaTestResource.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SessionEventsOnKafkaTest {

    private static final String TOPIC = "ai-telemetry.usage-sessions";
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule());

    @InjectKafka
    KafkaComponent kafka;

    @Inject
    SessionEventPublisher publisher;

    @Inject
    MeterRegistry registry;

    @Test
    @Order(1)
    void eventsArriveOnTheTopicKeyedByFingerprintAndDecodeToWhatWasSent() throws Exception {
        double published = count("telemetry.session.events.published");
        List<SessionEvent> events = new ArrayList<>(SampleEvents.sliceLifecycle("6cae35b7383d8acb"));
        events.add(SampleEvents.wholeGpuOpened("0f3a9e1c2b4d5a67"));

        publisher.publish(events);

        List<ConsumerRecord<String, String>> records = consume(events.size());
        assertThat(records).extracting(ConsumerRecord::key)
                .containsExactlyElementsOf(events.stream().map(SessionEvent::fingerprint).toList());
        List<SessionEvent> decoded = new ArrayList<>();
        for (ConsumerRecord<String, String> record : records) {
            decoded.add(JSON.readValue(record.value(), SessionEvent.class));
        }
        assertThat(decoded).containsExactlyElementsOf(events);
        await().atMost(PATIENCE).untilAsserted(() ->
                assertThat(count("telemetry.session.events.published")).isEqualTo(published + events.size()));
    }

    @Test
    @Order(2)
    void anUnreachableBrokerCostsTheCallerNothingAndIsCounted() {
        double failed = count("telemetry.session.events.failed");
        kafka.stop();

        long start = System.nanoTime();
        publisher.publish(List.of(SampleEvents.wholeGpuOpened("7d1e4c2a9b3f6e05")));
        Duration publishing = Duration.ofNanos(System.nanoTime() - start);

        assertThat(publishing).isLessThan(Duration.ofMillis(500));
        await().atMost(PATIENCE).untilAsserted(() ->
                assertThat(count("telemetry.session.events.failed")).isEqualTo(failed + 1));
        ManagementInterface.given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        ManagementInterface.given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    private double count(String counter) {
        return registry.get(counter).counter().count();
    }

    private List<ConsumerRecord<String, String>> consume(int expected) {
        return KafkaTopics.read(kafka.bootstrapServers(), TOPIC, "session-events-test", expected, PATIENCE);
    }
}
