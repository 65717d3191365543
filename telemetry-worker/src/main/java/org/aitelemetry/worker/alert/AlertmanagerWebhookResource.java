package org.aitelemetry.worker.alert;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.eventbus.EventBus;
import jakarta.annotation.security.RolesAllowed;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Collectors;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.aitelemetry.worker.ingest.IngestConfig;
import org.aitelemetry.worker.ingest.IngestRefusal;
import org.aitelemetry.worker.ingest.IngestUnavailableException;
import org.aitelemetry.worker.ingest.Problem;
import org.aitelemetry.worker.ingest.UnsupportedBodyTypeException;
import org.aitelemetry.worker.pipeline.PipelineAddresses;
import org.jboss.logging.Logger;

/**
 * Receives Alertmanager's webhook (src/main/openapi/telemetry-ingest.yaml). The batch is stored whole before the answer,
 * so a 2xx means durable. Alertmanager retries only 5xx: a body that can never parse gets 400 with the reason, and every
 * transient fault (the database down or slow) gets 503 so the batch comes again. A slow database gets its answer
 * within {@code telemetry.ingest.store-timeout}, shorter than Alertmanager's own 10 s: it learns to retry rather than
 * guess; a store that commits after the 503 only makes the retry a duplicate, which the sessions absorb. Alerts whose
 * times lie outside the {@link AlertTimeWindow} are left out and named in a 400, after the batch's other alerts were
 * stored: their clock is broken, not the batch, and a 4xx is final, so nothing is lost and nothing retried forever.
 * Refusals of the whole request (415, 400, 503) are answered by {@code ingest.IngestProblemMappers}.
 */
@Path("/api/ingest/v1/alertmanager")
public class AlertmanagerWebhookResource {

    /** Role a token needs to post alerts (Keycloak client {@code alertmanager}). */
    public static final String ALERTS_WRITER = "alerts-writer";
    private static final int RETRY_AFTER_SECONDS = 5;
    /** Refused alerts named in one answer; the rest are counted. */
    private static final int NAMED_REFUSALS = 10;
    private static final Logger LOG = Logger.getLogger(AlertmanagerWebhookResource.class);

    private final WebhookParser parser;
    private final AlertBatchStore store;
    private final IngestMetrics metrics;
    private final EventBus bus;

    private final Duration storeTimeout;

    AlertmanagerWebhookResource(AlertBatchStore store, IngestMetrics metrics, EventBus bus, IngestConfig config) {
        this.store = store;
        this.metrics = metrics;
        this.bus = bus;
        this.storeTimeout = config.storeTimeout();
        this.parser = new WebhookParser(new AlertTimeWindow(config.alertMaxAge(), config.alertClockSkew()));
    }

    /** What a stored batch answers. */
    public record Accepted(long batchId, int alerts) {
    }

    /** Any content type reaches the method, so that a wrong one gets a 415 with its reason rather than a bare status. */
    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE})
    @RolesAllowed(ALERTS_WRITER)
    public Uni<Response> receive(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] body) {
        return Uni.createFrom().item(() -> parse(contentType, body))
                .chain(this::storeOrRefuse)
                .onFailure(IngestRefusal.class).invoke(refusal -> metrics.rejected(refusal.reason()));
    }

    /** @throws IngestRefusal for a body that is not JSON or can never parse */
    private WebhookBatch parse(String contentType, byte[] body) {
        UnsupportedBodyTypeException.requireJson(contentType, "the webhook body");
        return parser.parse(body, Instant.now());
    }

    /** Alerts with broken clocks are a normal result, not a failure: named in a 400 whether or not others were stored. */
    private Uni<Response> storeOrRefuse(WebhookBatch batch) {
        if (!batch.refused().isEmpty()) {
            metrics.refused(batch.refused().size());
            LOG.warnf("Left out %d alert(s) of a webhook batch of receiver %s: %s", batch.refused().size(),
                    batch.receiver(), refusals(batch));
            if (batch.alerts().isEmpty()) {
                metrics.rejected("alert-times");
                return Uni.createFrom().item(timesOutOfRange(batch, "; nothing was stored"));
            }
        }
        if (batch.truncatedAlerts() > 0) {
            LOG.errorf("Alertmanager truncated %d alert(s) of receiver %s: set max_alerts: 0", batch.truncatedAlerts(),
                    batch.receiver());
        }
        return IngestUnavailableException.within(storeTimeout, store.store(batch))
                .invoke(id -> announce(id, batch))
                .map(id -> batch.refused().isEmpty() ? Response.ok(new Accepted(id, batch.alerts().size())).build()
                        : timesOutOfRange(batch, "; the other " + batch.alerts().size()
                                + " alert(s) of the batch were stored"))
                .onFailure().transform(failure -> unavailable(batch, failure));
    }

    private static Response timesOutOfRange(WebhookBatch batch, String outcome) {
        return Problem.response(Response.Status.BAD_REQUEST, "Alert times out of range", refusals(batch) + outcome);
    }

    private static IngestUnavailableException unavailable(WebhookBatch batch, Throwable failure) {
        LOG.warnf("Could not store a webhook batch of %d alert(s), Alertmanager will retry: %s",
                batch.alerts().size(), failure.getMessage());
        return new IngestUnavailableException("Storage unavailable",
                "the batch may not have been stored; retry (a duplicate is harmless)", RETRY_AFTER_SECONDS, failure);
    }

    private static String refusals(WebhookBatch batch) {
        String named = batch.refused().stream().limit(NAMED_REFUSALS).map(WebhookBatch.Refused::toString)
                .collect(Collectors.joining("; "));
        int more = batch.refused().size() - NAMED_REFUSALS;
        return more > 0 ? named + "; and " + more + " more" : named;
    }

    /** The batch is durable: the session processor may apply it, and a truncated one calls for a reconciliation. */
    private void announce(long batchId, WebhookBatch batch) {
        metrics.stored(batch);
        bus.send(PipelineAddresses.ALERTS_STORED, batchId);
        if (batch.truncatedAlerts() > 0) {
            bus.send(PipelineAddresses.ALERTS_TRUNCATED, batchId);
        }
    }
}
