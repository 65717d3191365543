package org.aitelemetry.worker.session;

import io.quarkus.vertx.ConsumeEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.aitelemetry.worker.pipeline.CoalescingRunner;
import org.aitelemetry.worker.pipeline.NotificationShards;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.aitelemetry.worker.session.SessionShardDrain.DrainReport;
import org.jboss.logging.Logger;

/**
 * Applies stored alert notifications to usage sessions. The webhook announces each stored batch on the event bus
 * ({@value PipelineAddresses#ALERTS_STORED}); the processor then drains the queue of pending notifications in
 * {@value NotificationShards#COUNT} shards by fingerprint that drain at once, each by {@link SessionShardDrain}.
 * Announcements arriving during a shard's drain coalesce into one more drain of it.
 */
@ApplicationScoped
public class SessionProcessor {

    private static final Logger LOG = Logger.getLogger(SessionProcessor.class);

    private final SessionShardDrain shardDrain;
    private final Vertx vertx;
    private final SessionConfig config;
    private final List<CoalescingRunner<DrainReport>> shardDrains;

    SessionProcessor(SessionShardDrain shardDrain, Vertx vertx, SessionConfig config) {
        this.shardDrain = shardDrain;
        this.vertx = vertx;
        this.config = config;
        this.shardDrains = IntStream.range(0, NotificationShards.COUNT).mapToObj(this::announcedDrains).toList();
    }

    /**
     * An announced drain first waits {@code drain-linger}: batches stored meanwhile join it, so at a moderate rate a
     * shard applies one transaction's worth at a time instead of a few notifications per batch in each of its shards.
     */
    private CoalescingRunner<DrainReport> announcedDrains(int shard) {
        long lingerMillis = config.drainLinger().toMillis();
        Supplier<Uni<DrainReport>> round = lingerMillis <= 0 ? () -> shardDrain.drain(shard)
                : () -> Uni.createFrom().<Void>emitter(waited -> vertx.setTimer(lingerMillis,
                        id -> waited.complete(null))).chain(() -> shardDrain.drain(shard));
        return new CoalescingRunner<>(round, DrainReport.NONE, failure -> LOG.warnf(
                "Session drain of shard %d failed, its pending notifications stay for the next one: %s",
                shard, failure.getMessage()));
    }

    @ConsumeEvent(PipelineAddresses.ALERTS_STORED)
    void onStored(Long batchId) {
        request();
    }

    /** Asks every shard for a drain; returns at once. A shard's drain already running runs once more when done. */
    public void request() {
        shardDrains.forEach(CoalescingRunner::request);
    }

    /** Applies every pending notification, the shards at once; completes when none is left. */
    public Uni<DrainReport> drain() {
        return Uni.join().all(IntStream.range(0, NotificationShards.COUNT).mapToObj(shardDrain::drain).toList())
                .andFailFast().map(reports -> reports.stream().reduce(DrainReport.NONE, DrainReport::plus));
    }
}
