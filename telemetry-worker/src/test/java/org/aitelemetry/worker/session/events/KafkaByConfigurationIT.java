package org.aitelemetry.worker.session.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.kafka.KafkaComponent;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.process.QuarkusAppComponent;
import org.junit.jupiter.api.Test;

/**
 * The packaged worker, built with the in-memory default, moves its session events and its gpu-health events to Kafka
 * through runtime configuration alone, as a deployment does: a {@code @QuarkusTest} profile cannot show this, since it rebuilds the app
 * with the profile's connector (and Quarkus then infers serializers the packaged build never inferred).
 */
class KafkaByConfigurationIT {

    private static final Path RUNNER = Path.of("target/quarkus-app/quarkus-run.jar");

    @Test
    void startsReadyWithItsProducerOnTheConfiguredBrokerAndTopic() throws Exception {
        Workspace workspace = Workspace.fromSystemProperties();
        try (PostgresComponent postgres = new PostgresComponent(workspace, "postgres-kafka-it");
                KafkaComponent kafka = new KafkaComponent(workspace, "kafka-it")) {
            postgres.start();
            kafka.start();
            String database = postgres.createDatabase("kafka_it");
            try (QuarkusAppComponent worker = new QuarkusAppComponent("worker-kafka-it", RUNNER, LoopbackPorts.free(),
                    withDatabase(postgres.appConfig(database), Map.of("quarkus.oidc.tenant-enabled", "false",
                            "mp.messaging.outgoing.usage-session-events.connector", "smallrye-kafka",
                            "mp.messaging.outgoing.gpu-health.connector", "smallrye-kafka",
                            "mp.messaging.outgoing.gpu-usage-events.connector", "smallrye-kafka",
                            "kafka.bootstrap.servers", kafka.bootstrapServers())),
                    workspace)) {
                worker.start();

                assertThat(Files.readString(worker.logFile()))
                        .contains("Kafka producer kafka-producer-usage-session-events, connected to Kafka brokers '"
                                + kafka.bootstrapServers() + "', is configured to write records to 'ai-telemetry.usage-sessions'")
                        .contains("Kafka producer kafka-producer-gpu-health, connected to Kafka brokers '"
                                + kafka.bootstrapServers() + "', is configured to write records to 'ai-telemetry.gpu-health'")
                        .contains("Kafka producer kafka-producer-gpu-usage-events, connected to Kafka brokers '"
                                + kafka.bootstrapServers() + "', is configured to write records to 'ai-telemetry.gpu-usage'")
                        .doesNotContain("in-memory connector");
            }
        }
    }

    private static Map<String, String> withDatabase(Map<String, String> database, Map<String, String> config) {
        Map<String, String> all = new HashMap<>(database);
        all.putAll(config);
        return all;
    }
}
