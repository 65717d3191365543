package org.aitelemetry.worker.session.events;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import java.util.List;
import org.aitelemetry.worker.events.KeyedEventSender;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

/**
 * Publishes session events on {@value #CHANNEL} as JSON, keyed by fingerprint (with Kafka, one session's events stay
 * in one partition, in order). Fire and forget ({@link KeyedEventSender}): meant to run after the transaction that made
 * the events committed, it neither blocks nor throws; an event that cannot be sent is logged and counted.
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
    /** Events the in-memory connector keeps at most before its sink is emptied (~20 MB at ingest rates). */
    private static final int IN_MEMORY_KEEP = 10_000;

    private final KeyedEventSender sender;

    SessionEventPublisher(
            @Channel(CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = BUFFER_SIZE)
            MutinyEmitter<String> emitter,
            @ConfigProperty(name = CONNECTOR_PROPERTY) String connector, @Any InMemoryConnector inMemory,
            MeterRegistry registry) {
        this.sender = new KeyedEventSender("session", CHANNEL, emitter, connector, inMemory, IN_MEMORY_KEEP, registry);
    }

    /** Sends the events in list order without waiting for the connector; a failed send never reaches the caller. */
    public void publish(List<SessionEvent> events) {
        events.forEach(event -> sender.send(event.fingerprint(), () -> SessionEventJson.write(event),
                () -> event.type() + " of " + event.fingerprint() + " (starts " + event.startsAt() + ")"));
    }

    /** Registers the counters at start, and warns a production run that its events reach no consumer. */
    void onStart(@Observes StartupEvent start) {
        sender.warnIfInMemoryInProduction();
    }
}
