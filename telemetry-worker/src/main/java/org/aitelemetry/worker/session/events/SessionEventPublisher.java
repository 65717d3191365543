package org.aitelemetry.worker.session.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;

/**
 * Publishes session events on {@value #CHANNEL} as JSON, keyed by fingerprint (with Kafka, one session's events stay
 * in one partition, in order). Fire and forget: meant to run after the transaction that made the events committed,
 * it neither blocks nor throws; an event that cannot be sent is logged and counted, never retried by the caller.
 */
@ApplicationScoped
public class SessionEventPublisher {

    public static final String CHANNEL = "usage-session-events";
    private static final String CONNECTOR_PROPERTY = "mp.messaging.outgoing." + CHANNEL + ".connector";
    /**
     * Events held while the connector catches up: a drain publishes up to one per notification at once (500 by
     * default), a reconciliation more. Past that an event fails, counted.
     */
    private static final int BUFFER_SIZE = 16_384;
    /** Failures are counted each; logged at most this often, so that an unreachable broker does not flood the log. */
    private static final long WARN_EVERY_MILLIS = 30_000;

    private static final Logger LOG = Logger.getLogger(SessionEventPublisher.class);

    private final MutinyEmitter<String> emitter;
    private final InMemoryEventsBound inMemory;
    private final Counter published;
    private final Counter failed;
    private final AtomicLong lastWarning = new AtomicLong();
    private final AtomicLong failedSinceWarning = new AtomicLong();

    SessionEventPublisher(
            @Channel(CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = BUFFER_SIZE)
            MutinyEmitter<String> emitter,
            InMemoryEventsBound inMemory, MeterRegistry registry) {
        this.emitter = emitter;
        this.inMemory = inMemory;
        this.published = Counter.builder("telemetry.session.events.published")
                .description("Session events the connector accepted (with Kafka: the broker acknowledged)")
                .register(registry);
        this.failed = Counter.builder("telemetry.session.events.failed")
                .description("Session events that could not be published and were dropped")
                .register(registry);
    }

    /** Sends the events in list order without waiting for the connector; a failed send never reaches the caller. */
    public void publish(List<SessionEvent> events) {
        inMemory.sent(events.size());
        events.forEach(this::publish);
    }

    private void publish(SessionEvent event) {
        try {
            emitter.sendMessage(message(event))
                    .subscribe().with(sent -> published.increment(), failure -> failed(event, failure));
        } catch (JsonProcessingException | RuntimeException e) {
            failed(event, e);
        }
    }

    private static Message<String> message(SessionEvent event) throws JsonProcessingException {
        OutgoingKafkaRecordMetadata<String> key = OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(event.fingerprint())
                .build();
        return Message.of(SessionEventJson.write(event), Metadata.of(key));
    }

    private void failed(SessionEvent event, Throwable failure) {
        failed.increment();
        long failures = failedSinceWarning.incrementAndGet();
        long now = System.currentTimeMillis();
        long last = lastWarning.get();
        if (now - last >= WARN_EVERY_MILLIS && lastWarning.compareAndSet(last, now)) {
            failedSinceWarning.set(0);
            LOG.warnf("%d session event(s) not published since the last warning, e.g. %s of %s (starts %s): %s", failures,
                    event.type(), event.fingerprint(), event.startsAt(), failure.toString());
        }
    }

    /** Registers the counters at start, and warns a production run that its events reach no consumer. */
    void onStart(@Observes StartupEvent start, @ConfigProperty(name = CONNECTOR_PROPERTY) String connector) {
        if (LaunchMode.current() == LaunchMode.NORMAL && InMemoryConnector.CONNECTOR.equals(connector)) {
            LOG.warnf("Session events go to the in-memory connector, where no one outside the worker hears of them: set "
                    + "%s to smallrye-kafka and kafka.bootstrap.servers (docs/architecture.md)", CONNECTOR_PROPERTY);
        }
    }
}
