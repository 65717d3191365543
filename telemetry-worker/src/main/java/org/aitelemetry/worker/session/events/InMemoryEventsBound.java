package org.aitelemetry.worker.session.events;

import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Keeps the in-memory connector (the default where no Kafka is configured) from holding every event: its sink keeps
 * everything it receives, which at ingest rates fills the heap within minutes. Every {@value #KEEP} events it is
 * emptied, so in-process readers (tests, the local run) see recent events and memory stays bounded (~20 MB).
 */
@ApplicationScoped
class InMemoryEventsBound {

    static final int KEEP = 10_000;

    private final InMemoryConnector connector;
    private final boolean inMemory;
    private final AtomicInteger sinceClear = new AtomicInteger();

    InMemoryEventsBound(@Any InMemoryConnector connector,
            @ConfigProperty(name = "mp.messaging.outgoing." + SessionEventPublisher.CHANNEL + ".connector") String name) {
        this.connector = connector;
        this.inMemory = InMemoryConnector.CONNECTOR.equals(name);
    }

    void sent(int events) {
        if (inMemory && sinceClear.addAndGet(events) > KEEP) {
            sinceClear.set(0);
            connector.sink(SessionEventPublisher.CHANNEL).clear();
        }
    }
}
