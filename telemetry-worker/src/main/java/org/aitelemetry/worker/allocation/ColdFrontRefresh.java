package org.aitelemetry.worker.allocation;

import static org.aitelemetry.worker.sql.Columns.text;
import static org.aitelemetry.worker.sql.SqlValues.utc;

import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.worker.allocation.ColdFrontAllocations.Allocated;
import org.aitelemetry.worker.allocation.ColdFrontAllocations.Listing;
import org.jboss.logging.Logger;

/**
 * Every {@code telemetry.coldfront.every}, when ColdFront is configured: reads its allocations and makes it the source
 * of the fields it says of each listed project (in one transaction; every replica may run it, the writes are
 * idempotent). A failed read, a refused credential or a body that is no listing changes nothing: the log says why and
 * {@code telemetry_coldfront_refreshes_total{outcome="failed"}} counts it. A namespace with two allocations takes the
 * newest (highest id).
 */
@ApplicationScoped
public class ColdFrontRefresh {

    private static final Logger LOG = Logger.getLogger(ColdFrontRefresh.class);

    /** What a refresh did: allocations listed, left out (no namespace), projects it changed and gave back. */
    public record Outcome(int listed, int skipped, int applied, int released) {
    }

    private final Pool pool;
    private final ColdFrontClient client;
    private final ColdFrontAllocations reader;
    private final MeterRegistry registry;

    ColdFrontRefresh(Pool pool, ColdFrontClient client, ColdFrontConfig config, MeterRegistry registry) {
        this.pool = pool;
        this.client = client;
        this.reader = new ColdFrontAllocations(config.clusters());
        this.registry = registry;
    }

    @Scheduled(identity = "coldfront-refresh", every = "${telemetry.coldfront.every}",
            concurrentExecution = ConcurrentExecution.SKIP)
    Uni<Void> run() {
        if (!client.configured()) {
            return Uni.createFrom().voidItem();
        }
        return refresh(Instant.now()).replaceWithVoid().onFailure().recoverWithNull();
    }

    @WithSpan("ColdFrontRefresh.refresh")
    public Uni<Outcome> refresh(Instant now) {
        return client.allocations().map(reader::read)
                .chain(listing -> write(listing, now))
                .invoke(outcome -> {
                    count("ok");
                    LOG.infof("ColdFront: %d allocations listed, %d naming no namespace, %d projects changed, "
                            + "%d given back to their annotations", outcome.listed(), outcome.skipped(),
                            outcome.applied(), outcome.released());
                })
                .onFailure().invoke(failure -> {
                    count("failed");
                    LOG.warnf("ColdFront's allocations not read, projects left as they were: %s", failure.getMessage());
                });
    }

    private Uni<Outcome> write(Listing listing, Instant now) {
        List<Allocated> newest = newestPerNamespace(listing.allocated());
        Tuple apply = Tuple.tuple()
                .addArrayOfString(text(newest, Allocated::cluster))
                .addArrayOfString(text(newest, Allocated::namespace))
                .addArrayOfString(text(newest, a -> a.metadata().title()))
                .addArrayOfString(text(newest, a -> a.metadata().pi()))
                .addArrayOfString(text(newest, a -> a.metadata().allocationId()))
                .addArrayOfString(text(newest, a -> a.metadata().allocationProjectId()))
                .addArrayOfString(text(newest, a -> a.metadata().fieldOfScience()))
                .addValue(utc(now));
        Tuple release = Tuple.tuple().addArrayOfString(text(newest, Allocated::cluster))
                .addArrayOfString(text(newest, Allocated::namespace)).addValue(utc(now));
        return pool.withTransaction(connection -> connection.preparedQuery(AllocationSql.APPLY).execute(apply)
                .chain(applied -> connection.preparedQuery(AllocationSql.RELEASE).execute(release)
                        .map(released -> new Outcome(listing.allocated().size() + listing.skipped(), listing.skipped(),
                                applied.rowCount(), released.rowCount()))));
    }

    private static List<Allocated> newestPerNamespace(List<Allocated> allocated) {
        Map<String, Allocated> newest = new LinkedHashMap<>();
        Comparator<Allocated> byId = Comparator.comparingLong(a -> Long.parseLong(a.metadata().allocationId()));
        for (Allocated allocation : allocated) {
            newest.merge(allocation.cluster() + "/" + allocation.namespace(), allocation,
                    (kept, other) -> byId.compare(other, kept) > 0 ? other : kept);
        }
        return new ArrayList<>(newest.values());
    }

    private void count(String outcome) {
        registry.counter("telemetry.coldfront.refreshes", "outcome", outcome).increment();
    }
}
