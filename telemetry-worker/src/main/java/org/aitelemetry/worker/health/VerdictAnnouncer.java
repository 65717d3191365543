package org.aitelemetry.worker.health;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.LocalEventBusCodec;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.mutiny.core.eventbus.EventBus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.pipeline.PipelineAddresses;

/**
 * Announces committed verdict changes on the event bus ({@link PipelineAddresses#VERDICT_CHANGED}) and counts them.
 * The record goes by reference (a local codec of its own name): Quarkus registers a default codec only for types that some
 * {@code @ConsumeEvent} method takes, and the announcement must not depend on which consumers are deployed.
 */
@ApplicationScoped
public class VerdictAnnouncer {

    private static final String CODEC = "telemetry-verdict-change";
    private static final DeliveryOptions LOCAL = new DeliveryOptions().setCodecName(CODEC).setLocalOnly(true);

    private final EventBus bus;
    private final MeterRegistry registry;

    VerdictAnnouncer(EventBus bus, MeterRegistry registry) {
        this.bus = bus;
        this.registry = registry;
    }

    void registerCodec(@Observes StartupEvent start) {
        bus.getDelegate().registerCodec(new LocalEventBusCodec<VerdictChange>(CODEC));
    }

    /** Call only once the changes are committed. */
    public void announce(List<VerdictChange> changes) {
        for (VerdictChange change : changes) {
            if (change.scope() == VerdictChange.Scope.GPU) {
                counter(change.current()).increment();
            }
            bus.publish(PipelineAddresses.VERDICT_CHANGED, change, LOCAL);
        }
    }

    private Counter counter(HealthVerdict verdict) {
        return Counter.builder("telemetry.gpu.verdict.changes").tag("verdict", verdict.name())
                .description("GPU health verdicts changed by probe runs, by the new verdict").register(registry);
    }
}
