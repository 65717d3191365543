package org.aitelemetry.devkit.kafka;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.aitelemetry.devkit.Workspace;

/**
 * A real Kafka broker per application start (so once per test class that needs one), for the worker's tests. The app
 * gets it as {@code kafka.bootstrap.servers}, which Quarkus hands to every Kafka channel and client; which channels use
 * Kafka stays the test profile's choice. The broker and its data are gone when the application stops; its log is kept.
 */
public final class KafkaTestResource implements QuarkusTestResourceLifecycleManager {

    public static final String BOOTSTRAP_SERVERS = "kafka.bootstrap.servers";

    private static final AtomicInteger STARTS = new AtomicInteger();

    private KafkaComponent broker;

    @Override
    public Map<String, String> start() {
        // Named per JVM and start: two builds of one module (an IDE and a terminal) must not share a data folder.
        broker = new KafkaComponent(Workspace.fromSystemProperties(),
                "kafka-" + ProcessHandle.current().pid() + "-" + STARTS.incrementAndGet());
        try {
            broker.start();
        } catch (Exception e) {
            broker.close();
            throw new IllegalStateException("the Kafka broker did not start; see " + broker.logFile(), e);
        }
        return Map.of(BOOTSTRAP_SERVERS, broker.bootstrapServers());
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(broker,
                new TestInjector.AnnotatedAndMatchesType(InjectKafka.class, KafkaComponent.class));
    }

    @Override
    public void stop() {
        if (broker != null) {
            broker.close();
        }
    }
}
