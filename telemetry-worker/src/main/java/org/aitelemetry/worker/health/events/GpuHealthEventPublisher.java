package org.aitelemetry.worker.health.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.ConsumeEvent;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.atomic.AtomicLong;
import org.aitelemetry.worker.health.VerdictChange;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;

/**
 * Publishes every committed verdict change ({@link VerdictChange#ADDRESS}) on {@value #CHANNEL} as a
 * {@link GpuHealthEvent}, keyed by GPU UUID or node. Fire and forget, like session events: an event the connector
 * cannot take is logged (at most every 30 s) and counted, never retried.
 */
@ApplicationScoped
public class GpuHealthEventPublisher {

    public static final String CHANNEL = "gpu-health";
    static final String CONNECTOR_PROPERTY = "mp.messaging.outgoing." + CHANNEL + ".connector";
    /** Changes held while the connector catches up: probe runs over a large node pool change many verdicts at once. */
    private static final int BUFFER_SIZE = 4_096;
    private static final long WARN_EVERY_MILLIS = 30_000;

    private static final Logger LOG = Logger.getLogger(GpuHealthEventPublisher.class);

    private final MutinyEmitter<String> emitter;
    private final InMemoryHealthEventsBound inMemory;
    private final Counter published;
    private final Counter failed;
    private final AtomicLong lastWarning = new AtomicLong();
    private final AtomicLong failedSinceWarning = new AtomicLong();

    GpuHealthEventPublisher(
            @Channel(CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = BUFFER_SIZE)
            MutinyEmitter<String> emitter,
            InMemoryHealthEventsBound inMemory, MeterRegistry registry) {
        this.emitter = emitter;
        this.inMemory = inMemory;
        this.published = Counter.builder("telemetry.health.events.published")
                .description("Health events the connector accepted (with Kafka: the broker acknowledged)")
                .register(registry);
        this.failed = Counter.builder("telemetry.health.events.failed")
                .description("Health events that could not be published and were dropped")
                .register(registry);
    }

    @ConsumeEvent(VerdictChange.ADDRESS)
    void onVerdictChange(VerdictChange change) {
        publish(GpuHealthEvent.of(change));
    }

    /** Sends the event without waiting for the connector; a failed send never reaches the caller. */
    public void publish(GpuHealthEvent event) {
        inMemory.sent();
        try {
            emitter.sendMessage(message(event))
                    .subscribe().with(sent -> published.increment(), failure -> failed(event, failure));
        } catch (JsonProcessingException | RuntimeException e) {
            failed(event, e);
        }
    }

    private static Message<String> message(GpuHealthEvent event) throws JsonProcessingException {
        OutgoingKafkaRecordMetadata<String> key = OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(event.key())
                .build();
        return Message.of(GpuHealthEventJson.write(event), Metadata.of(key));
    }

    private void failed(GpuHealthEvent event, Throwable failure) {
        failed.increment();
        long failures = failedSinceWarning.incrementAndGet();
        long now = System.currentTimeMillis();
        long last = lastWarning.get();
        if (now - last >= WARN_EVERY_MILLIS && lastWarning.compareAndSet(last, now)) {
            failedSinceWarning.set(0);
            LOG.warnf("%d health event(s) not published since the last warning, e.g. %s %s → %s (run %s): %s",
                    failures, event.kind(), event.key(), event.current(), event.runId(), failure.toString());
        }
    }

    /** Registers the counters at start, and warns a production run that its events reach no consumer. */
    void onStart(@Observes StartupEvent start, @ConfigProperty(name = CONNECTOR_PROPERTY) String connector) {
        if (LaunchMode.current() == LaunchMode.NORMAL && InMemoryConnector.CONNECTOR.equals(connector)) {
            LOG.warnf("Health events go to the in-memory connector, where no one outside the worker hears of them: set "
                    + "%s to smallrye-kafka and kafka.bootstrap.servers (docs/architecture.md)", CONNECTOR_PROPERTY);
        }
    }
}
