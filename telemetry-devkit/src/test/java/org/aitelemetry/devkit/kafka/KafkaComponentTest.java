package org.aitelemetry.devkit.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.devkit.Workspace;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real broker in a child JVM: clients produce and consume through it, it restarts on its data, and leaves nothing. */
class KafkaComponentTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final String TOPIC = "devkit-probe";

    @TempDir
    Path workspaceDir;

    @Test
    void servesProducersAndConsumersRestartsOnItsDataAndLeavesNoProcessBehind() throws Exception {
        KafkaComponent kafka = new KafkaComponent(new Workspace(workspaceDir));
        kafka.start();
        long firstPid = kafka.pid();
        int port = kafka.port();
        assertThat(kafka.bootstrapServers()).isEqualTo("127.0.0.1:" + port);

        produce(kafka, List.of("gpu-a", "gpu-b", "gpu-c"));
        assertThat(consumeAll(kafka, 3)).containsExactly("gpu-a=gpu-a:0", "gpu-b=gpu-b:1", "gpu-c=gpu-c:2");

        kafka.stop();
        awaitGone(firstPid);
        kafka.start();
        assertThat(kafka.port()).isEqualTo(port);
        assertThat(consumeAll(kafka, 3)).as("records survive a restart").hasSize(3);

        long secondPid = kafka.pid();
        kafka.close();
        awaitGone(secondPid);
        assertThat(kafka.isRunning()).isFalse();
        assertThat(workspaceDir.resolve("kafka/data")).doesNotExist();
        assertThat(workspaceDir.resolve("kafka/config")).doesNotExist();
        assertThat(workspaceDir.resolve("kafka/kafka.log")).content()
                .contains("Formatting metadata directory", "Kafka Server started", "Terminating process due to signal SIGTERM");
    }

    private static void produce(KafkaComponent kafka, List<String> keys) throws Exception {
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config, new StringSerializer(),
                new StringSerializer())) {
            for (int i = 0; i < keys.size(); i++) {
                producer.send(new ProducerRecord<>(TOPIC, keys.get(i), keys.get(i) + ":" + i)).get();
            }
        }
    }

    /** Reads the topic from its start in a fresh consumer group, as {@code key=value}. */
    private static List<String> consumeAll(KafkaComponent kafka, int expected) {
        Map<String, Object> config = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "devkit-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<String> received = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config, new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of(TOPIC));
            Instant deadline = Instant.now().plus(PATIENCE);
            while (received.size() < expected && Instant.now().isBefore(deadline)) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    received.add(record.key() + "=" + record.value());
                }
            }
        }
        return received;
    }

    private static void awaitGone(long pid) throws InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && Instant.now().isBefore(deadline)) {
            Thread.sleep(50);
        }
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("kafka %d still alive", pid).isEmpty();
    }
}
