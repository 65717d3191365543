package org.aitelemetry.worker.health.events;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.ConsumeEvent;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import org.aitelemetry.worker.events.KeyedEventSender;
import org.aitelemetry.worker.health.VerdictChange;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

/**
 * Publishes every committed verdict change ({@link PipelineAddresses#VERDICT_CHANGED}) on {@value #CHANNEL} as a
 * {@link GpuHealthEvent}, keyed by GPU UUID or node, fire and forget like session events ({@link KeyedEventSender}).
 */
@ApplicationScoped
public class GpuHealthEventPublisher {

    public static final String CHANNEL = "gpu-health";
    static final String CONNECTOR_PROPERTY = "mp.messaging.outgoing." + CHANNEL + ".connector";
    /** Changes held while the connector catches up: probe runs over a large node pool change many verdicts at once. */
    private static final int BUFFER_SIZE = 4_096;
    /** Events the in-memory connector keeps at most before its sink is emptied. */
    private static final int IN_MEMORY_KEEP = 1_000;

    private final KeyedEventSender sender;

    GpuHealthEventPublisher(
            @Channel(CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = BUFFER_SIZE)
            MutinyEmitter<String> emitter,
            @ConfigProperty(name = CONNECTOR_PROPERTY) String connector, @Any InMemoryConnector inMemory,
            MeterRegistry registry) {
        this.sender = new KeyedEventSender("health", CHANNEL, emitter, connector, inMemory, IN_MEMORY_KEEP, registry);
    }

    @ConsumeEvent(PipelineAddresses.VERDICT_CHANGED)
    void onVerdictChange(VerdictChange change) {
        publish(GpuHealthEvent.of(change));
    }

    /** Sends the event without waiting for the connector; a failed send never reaches the caller. */
    public void publish(GpuHealthEvent event) {
        sender.send(event.key(), () -> GpuHealthEventJson.write(event), () -> event.kind() + " " + event.key()
                + " → " + event.current() + " (run " + event.runId() + ")");
    }

    /** Registers the counters at start, and warns a production run that its events reach no consumer. */
    void onStart(@Observes StartupEvent start) {
        sender.warnIfInMemoryInProduction();
    }
}
