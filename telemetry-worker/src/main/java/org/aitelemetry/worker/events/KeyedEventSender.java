package org.aitelemetry.worker.events;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.LaunchMode;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.jboss.logging.Logger;

/**
 * Sends JSON events on one outgoing channel, keyed (with Kafka, one key's events stay in one partition, in order), fire
 * and forget: meant to run after the transaction that made the events committed, it neither blocks nor throws. An
 * event that cannot be sent is counted ({@code telemetry_<kind>_events_failed_total}) and logged at most every 30 s,
 * never retried. On the in-memory connector (the default where no Kafka is configured) the sink, which keeps all it
 * receives, is emptied every {@code keep} events so memory stays bounded and in-process readers see recent events.
 */
public final class KeyedEventSender {

    private static final Logger LOG = Logger.getLogger(KeyedEventSender.class);
    /** Failures are counted each; logged at most this often, so that an unreachable broker does not flood the log. */
    private static final long WARN_EVERY_MILLIS = 30_000;

    private final String kind;
    private final String channel;
    private final MutinyEmitter<String> emitter;
    private final InMemoryConnector inMemory;
    private final int keep;
    private final Counter published;
    private final Counter failed;
    private final AtomicInteger sinceClear = new AtomicInteger();
    private final AtomicLong lastWarning = new AtomicLong();
    private final AtomicLong failedSinceWarning = new AtomicLong();

    /**
     * @param kind      what the events are about, e.g. {@code session} or {@code health}: names the counters and logs
     * @param connector the channel's configured connector
     */
    public KeyedEventSender(String kind, String channel, MutinyEmitter<String> emitter, String connector,
            InMemoryConnector inMemory, int keep, MeterRegistry registry) {
        this.kind = kind;
        this.channel = channel;
        this.emitter = emitter;
        this.inMemory = InMemoryConnector.CONNECTOR.equals(connector) ? inMemory : null;
        this.keep = keep;
        this.published = Counter.builder("telemetry." + kind + ".events.published")
                .description(capitalized() + " events the connector accepted (with Kafka: the broker acknowledged)")
                .register(registry);
        this.failed = Counter.builder("telemetry." + kind + ".events.failed")
                .description(capitalized() + " events that could not be published and were dropped")
                .register(registry);
    }

    /**
     * Sends one event.
     *
     * @param json    writes the event; a failure to write counts as a failed send
     * @param example describes the event for the log, only when a failure is logged
     */
    public void send(String key, Callable<String> json, Supplier<String> example) {
        bound();
        try {
            Metadata metadata = Metadata.of(OutgoingKafkaRecordMetadata.<String>builder().withKey(key).build());
            emitter.sendMessage(Message.of(json.call(), metadata))
                    .subscribe().with(sent -> published.increment(), failure -> failed(example, failure));
        } catch (Exception e) {
            failed(example, e);
        }
    }

    /** Warns a production run whose events reach no consumer outside the worker. */
    public void warnIfInMemoryInProduction() {
        if (LaunchMode.current() == LaunchMode.NORMAL && inMemory != null) {
            LOG.warnf("%s events go to the in-memory connector, where no one outside the worker hears of them: set "
                    + "mp.messaging.outgoing.%s.connector to smallrye-kafka and kafka.bootstrap.servers "
                    + "(docs/architecture.md)", capitalized(), channel);
        }
    }

    private void bound() {
        if (inMemory != null && sinceClear.incrementAndGet() > keep) {
            sinceClear.set(0);
            inMemory.sink(channel).clear();
        }
    }

    private void failed(Supplier<String> example, Throwable failure) {
        failed.increment();
        long failures = failedSinceWarning.incrementAndGet();
        long now = System.currentTimeMillis();
        long last = lastWarning.get();
        if (now - last >= WARN_EVERY_MILLIS && lastWarning.compareAndSet(last, now)) {
            failedSinceWarning.set(0);
            LOG.warnf("%d %s event(s) not published since the last warning, e.g. %s: %s", failures, kind,
                    example.get(), failure.toString());
        }
    }

    private String capitalized() {
        return Character.toUpperCase(kind.charAt(0)) + kind.substring(1);
    }
}
