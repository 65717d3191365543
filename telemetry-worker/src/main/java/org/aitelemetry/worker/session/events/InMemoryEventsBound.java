package org.aitelemetry.worker.session.events;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import io.smallrye.reactive.messaging.memory.InMemorySink;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Keeps the in-memory connector (the default where no Kafka is configured) from holding every event forever: once its
 * sink holds more than {@value #KEEP} events it is emptied. In-process readers (tests, the local run) see recent events.
 */
@ApplicationScoped
class InMemoryEventsBound {

    static final int KEEP = 10_000;

    private final InMemoryConnector connector;
    private final boolean inMemory;

    InMemoryEventsBound(@Any InMemoryConnector connector,
            @ConfigProperty(name = "mp.messaging.outgoing." + SessionEventPublisher.CHANNEL + ".connector") String name) {
        this.connector = connector;
        this.inMemory = InMemoryConnector.CONNECTOR.equals(name);
    }

    @Scheduled(identity = "session-events-bound", every = "1m")
    void bound() {
        if (!inMemory) {
            return;
        }
        InMemorySink<Object> sink = connector.sink(SessionEventPublisher.CHANNEL);
        if (sink.received().size() > KEEP) {
            sink.clear();
        }
    }
}
