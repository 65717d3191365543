package org.aitelemetry.worker.probe;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.time.Duration;
import java.time.Instant;
import org.aitelemetry.worker.health.VerdictAnnouncer;
import org.aitelemetry.worker.ingest.IngestConfig;
import org.aitelemetry.worker.ingest.IngestRefusal;
import org.aitelemetry.worker.ingest.IngestUnavailableException;
import org.aitelemetry.worker.ingest.Problem;
import org.aitelemetry.worker.ingest.UnsupportedBodyTypeException;
import org.jboss.logging.Logger;

/**
 * Receives gpu-probe reports (src/main/openapi/telemetry-ingest.yaml). The run is stored and scored before the answer:
 * 201 for a new run, 200 with the stored run for one posted before (the probe retries 5xx and connection errors, so a
 * run may come twice). A report that can never be scored gets 400 with the reason, one a node-scoped token may not
 * write ({@link ProbeNodeScope}) 403 with the reason, and nothing of either is stored; a database fault or one slower
 * than {@code telemetry.ingest.store-timeout} gets 503 so that the probe retries. Verdict changes are announced only
 * after the commit. Refusals of the whole request (415, 400, 503) are answered by {@code ingest.IngestProblemMappers}.
 */
@Path(ProbeRunResource.PATH)
public class ProbeRunResource {

    /** The only path that takes probe Pods' Kubernetes tokens ({@code kube.token.ProbeTokenMechanism}). */
    public static final String PATH = "/api/ingest/v1/probe-runs";

    /** Role a token needs to post probe runs (Keycloak client {@code gpu-probe}). */
    public static final String PROBE_WRITER = "probe-writer";
    private static final int RETRY_AFTER_SECONDS = 5;
    private static final Logger LOG = Logger.getLogger(ProbeRunResource.class);

    private final ProbeReportParser parser = new ProbeReportParser();
    private final ProbeTimeWindow window;
    private final ProbeNodeScope scope;
    private final ProbeRunBatches batches;
    private final VerdictAnnouncer announcer;
    private final ProbeMetrics metrics;
    private final Duration storeTimeout;

    ProbeRunResource(ProbeTimeWindow window, ProbeNodeScope scope, ProbeRunBatches batches, VerdictAnnouncer announcer,
            ProbeMetrics metrics, IngestConfig config) {
        this.window = window;
        this.scope = scope;
        this.batches = batches;
        this.announcer = announcer;
        this.metrics = metrics;
        this.storeTimeout = config.storeTimeout();
    }

    /** Any content type reaches the method, so that a wrong one gets a 415 with its reason rather than a bare status. */
    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces({MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE})
    @RolesAllowed(PROBE_WRITER)
    public Uni<Response> receive(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @Context SecurityContext caller, byte[] body) {
        Principal principal = caller.getUserPrincipal();
        return Uni.createFrom().item(() -> parse(contentType, body))
                .chain(report -> store(report, principal))
                .onFailure(IngestRefusal.class).invoke(refusal -> metrics.received(refusal.reason()));
    }

    /** @throws IngestRefusal for a body that is not JSON or a report that cannot be scored */
    private ProbeReport parse(String contentType, byte[] body) {
        UnsupportedBodyTypeException.requireJson(contentType, "the probe report");
        ProbeReport report = parser.parse(body);
        window.check(report, Instant.now());
        return report;
    }

    /** Another node's report is the caller's scope speaking, not a fault: answered here, 403 with the reason. */
    private Uni<Response> store(ProbeReport report, Principal caller) {
        return IngestUnavailableException.within(storeTimeout,
                        scope.nodeOf(caller, report).chain(node -> batches.submit(new PostedRun(report, node))))
                .map(outcome -> {
                    metrics.received(outcome.created() ? "created" : "replayed");
                    announcer.announce(outcome.changes());
                    return Response.status(outcome.created() ? Response.Status.CREATED : Response.Status.OK)
                            .entity(outcome.run()).type(MediaType.APPLICATION_JSON).build();
                })
                .onFailure(ForeignNodeException.class).recoverWithItem(refusal -> forbidden(report, refusal))
                .onFailure().transform(failure -> unavailable(report, failure));
    }

    private Response forbidden(ProbeReport report, Throwable refusal) {
        metrics.received("forbidden");
        LOG.warnf("Refused probe run %s of %s: %s", report.runId(), report.hostname(), refusal.getMessage());
        return Problem.response(Response.Status.FORBIDDEN, "Outside the token's node", refusal.getMessage());
    }

    private static IngestUnavailableException unavailable(ProbeReport report, Throwable failure) {
        LOG.warnf("Could not store probe run %s of %s, the probe will retry: %s", report.runId(), report.hostname(),
                failure.getMessage());
        return new IngestUnavailableException("Storage unavailable",
                "the run may not have been stored; retry (a replay is answered with the stored run)",
                RETRY_AFTER_SECONDS, failure);
    }
}
