package org.aitelemetry.worker.ingest;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.Semaphore;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;


/**
 * Bounds the memory that ingest bodies (Alertmanager webhook, gpu-probe runs: every path under {@value #PREFIX}) take
 * at once. A body near the 4 MiB limit costs several times its size while it is read, parsed into a tree, turned into
 * rows and sent to PostgreSQL, and the event loops would take as many at once as there are loops: eight 4 MiB webhook
 * bodies exhaust the recommended 96 MiB heap (docs/reliability.md, "Large bodies"). So a request may read its body only
 * once its declared length (the whole limit when it declares none) fits {@code telemetry.ingest.body-budget}, and holds
 * it until its answer is sent; one that finds no room within {@code telemetry.ingest.body-wait} gets 503 with
 * Retry-After, which Alertmanager and the probe retry: nothing is lost. The filter runs after authentication and before
 * the body is read, so the budget covers the raw body too, and callers without a token cannot take it.
 */
@ApplicationScoped
public class IngestBodyBudget {

    static final String PREFIX = "/api/ingest/";
    private static final int RETRY_AFTER_SECONDS = 2;
    private static final long POLL_MILLIS = 25;
    private static final Logger LOG = Logger.getLogger(IngestBodyBudget.class);

    private final Semaphore kibibytes;
    private final int budgetKib;
    private final int bodyLimitKib;
    private final long waitMillis;
    private final Vertx vertx;

    IngestBodyBudget(IngestConfig config,
            @ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize bodyLimit, Vertx vertx) {
        this.budgetKib = kib(config.bodyBudget().asLongValue());
        this.bodyLimitKib = kib(bodyLimit.asLongValue());
        this.kibibytes = new Semaphore(budgetKib);
        this.waitMillis = config.bodyWait().toMillis();
        this.vertx = vertx;
    }

    /** Null lets the request go on (its body is read next); a failure refuses it (the mappers answer 503). */
    @ServerRequestFilter
    public Uni<Void> admit(RoutingContext routing) {
        if (!routing.normalizedPath().startsWith(PREFIX)) {
            return Uni.createFrom().nullItem();
        }
        int cost = cost(routing.request().getHeader(HttpHeaders.CONTENT_LENGTH));
        return acquire(cost, System.nanoTime() + waitMillis * 1_000_000).map(admitted -> {
            if (!admitted) {
                LOG.warnf("No room for a %d KiB ingest body within %d ms (budget %d KiB): answered 503", cost,
                        waitMillis, budgetKib);
                throw new IngestUnavailableException("Ingest busy", "too many large bodies are being processed at"
                        + " once; retry (nothing of this request was read)", RETRY_AFTER_SECONDS, null);
            }
            // Called once the answer is sent, or the connection is gone: the budget is never leaked.
            routing.addEndHandler(ended -> kibibytes.release(cost));
            return null;
        });
    }

    /** What is free now (tests). */
    int availableKib() {
        return kibibytes.availablePermits();
    }

    /** A body declares its length; one that does not (chunked) may be as large as the limit. Never above the budget. */
    private int cost(String contentLength) {
        long declared;
        try {
            declared = contentLength == null ? -1 : Long.parseLong(contentLength.trim());
        } catch (NumberFormatException e) {
            declared = -1;
        }
        int kib = declared < 0 ? bodyLimitKib : Math.max(1, kib(declared));
        return Math.min(kib, budgetKib);
    }

    /** Polls on a Vert.x timer rather than blocking: the caller is an event loop. */
    private Uni<Boolean> acquire(int cost, long deadlineNanos) {
        if (kibibytes.tryAcquire(cost)) {
            return Uni.createFrom().item(true);
        }
        if (System.nanoTime() >= deadlineNanos) {
            return Uni.createFrom().item(false);
        }
        return Uni.createFrom().<Void>emitter(emitter -> vertx.setTimer(POLL_MILLIS, id -> emitter.complete(null)))
                .chain(() -> acquire(cost, deadlineNanos));
    }

    private static int kib(long bytes) {
        return (int) Math.min(Integer.MAX_VALUE, (bytes + 1023) / 1024);
    }
}
