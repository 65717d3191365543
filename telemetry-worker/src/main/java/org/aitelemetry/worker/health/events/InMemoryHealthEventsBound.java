package org.aitelemetry.worker.health.events;

import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Keeps the in-memory connector (the default where no Kafka is configured) from holding every health event: its sink
 * keeps all it receives. Every {@value #KEEP} events it is emptied, so in-process readers see recent events and memory
 * stays bounded, as for session events.
 */
@ApplicationScoped
class InMemoryHealthEventsBound {

    static final int KEEP = 1_000;

    private final InMemoryConnector connector;
    private final boolean inMemory;
    private final AtomicInteger sinceClear = new AtomicInteger();

    InMemoryHealthEventsBound(@Any InMemoryConnector connector,
            @ConfigProperty(name = GpuHealthEventPublisher.CONNECTOR_PROPERTY) String name) {
        this.connector = connector;
        this.inMemory = InMemoryConnector.CONNECTOR.equals(name);
    }

    void sent() {
        if (inMemory && sinceClear.incrementAndGet() > KEEP) {
            sinceClear.set(0);
            connector.sink(GpuHealthEventPublisher.CHANNEL).clear();
        }
    }
}
