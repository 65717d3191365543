package org.aitelemetry.worker.ingest;

import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The answers of both ingest endpoints (Alertmanager webhook, probe runs) to a request refused as a whole, written once:
 * a body that can never be stored 400, a body that is not JSON 415, a transient fault 503 with Retry-After; each a
 * problem document with the reason (src/main/openapi/telemetry-ingest.yaml). A body over
 * {@code quarkus.http.limits.max-body-size} never reaches them: Quarkus answers 413 before any application code.
 */
public class IngestProblemMappers {

    private static final Logger LOG = Logger.getLogger(IngestProblemMappers.class);

    @ServerExceptionMapper
    public Response malformed(MalformedBodyException refusal, HttpServerRequest request) {
        LOG.warnf("Refused a body posted to %s: %s", request.path(), refusal.getMessage());
        return problem(Response.Status.BAD_REQUEST, refusal);
    }

    @ServerExceptionMapper
    public Response unsupportedType(UnsupportedBodyTypeException refusal) {
        return problem(Response.Status.UNSUPPORTED_MEDIA_TYPE, refusal);
    }

    /** Logged where the fault is known (the store, the budget), with what it concerns. */
    @ServerExceptionMapper
    public Response unavailable(IngestUnavailableException refusal) {
        return Response.fromResponse(problem(Response.Status.SERVICE_UNAVAILABLE, refusal))
                .header("Retry-After", Integer.toString(refusal.retryAfterSeconds())).build();
    }

    private static Response problem(Response.Status status, IngestRefusal refusal) {
        return Problem.response(status, refusal.title(), refusal.getMessage());
    }
}
