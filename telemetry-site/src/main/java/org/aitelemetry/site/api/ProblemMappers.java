package org.aitelemetry.site.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.quarkus.security.ForbiddenException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.UUID;
import org.aitelemetry.prometheus.PrometheusQueryException;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Every refusal leaves as a problem document with a stable code; nothing leaves as a stack trace. Database faults are
 * transient for the client (503 + Retry-After), anything else unexpected is a 500 whose detail names a log entry.
 */
public class ProblemMappers {

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);
    private static final String RETRY_AFTER_SECONDS = "5";

    @ServerExceptionMapper
    public Response apiProblem(ApiProblem problem, HttpServerRequest request) {
        return Problem.response(problem.status(), problem.code(), problem.getMessage(), request.path());
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e, HttpServerRequest request) {
        return Problem.response(403, "forbidden", "your roles do not allow this operation", request.path());
    }

    @ServerExceptionMapper
    public Response unknownField(UnrecognizedPropertyException e, HttpServerRequest request) {
        return Problem.response(400, "unknown-field", "field '" + e.getPropertyName()
                + "' is not accepted here (unknown, or owned by the server)", request.path());
    }

    /** Says where the body is wrong in the client's terms (a field path, a line), never in the server's classes. */
    @ServerExceptionMapper
    public Response invalidBody(JsonProcessingException e, HttpServerRequest request) {
        String detail;
        if (e instanceof MismatchedInputException mismatch && !mismatch.getPath().isEmpty()) {
            detail = "field '" + fieldPath(mismatch) + "' has a value of the wrong type or outside its allowed values";
        } else if (e.getLocation() != null) {
            detail = "the body is not valid JSON (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")";
        } else {
            detail = "the body is not valid JSON for this operation";
        }
        return Problem.response(400, "invalid-body", detail, request.path());
    }

    private static String fieldPath(MismatchedInputException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference step : e.getPath()) {
            if (step.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(step.getFieldName());
            } else {
                path.append('[').append(step.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    /** A wrong type or enum value: mapped here, or Quarkus's own mapper would answer with its non-problem JSON. */
    @ServerExceptionMapper
    public Response mismatchedBody(MismatchedInputException e, HttpServerRequest request) {
        return invalidBody(e, request);
    }

    @ServerExceptionMapper
    public Response noRoute(NotFoundException e, HttpServerRequest request) {
        return Problem.response(404, "not-found", "no such resource", request.path());
    }

    @ServerExceptionMapper
    public Response wrongMethod(NotAllowedException e, HttpServerRequest request) {
        return Problem.response(405, "method-not-allowed", "this resource does not accept " + request.method(),
                request.path());
    }

    @ServerExceptionMapper
    public Response wrongMediaType(NotSupportedException e, HttpServerRequest request) {
        return Problem.response(415, "unsupported-media-type", "send application/json", request.path());
    }

    @ServerExceptionMapper
    public Response otherWebException(WebApplicationException e, HttpServerRequest request) {
        int status = e.getResponse().getStatus();
        // The JSON reader wraps syntax errors in a bare 400.
        if (e.getCause() instanceof JsonProcessingException json) {
            return invalidBody(json, request);
        }
        if (status < 500) {
            return Problem.response(status, "invalid-request", e.getMessage(), request.path());
        }
        return unexpected(e, request);
    }

    /**
     * A metric source behind a chart failed: transient faults (timeouts, 429, 5xx after the client's retries) are a
     * 503 to retry; anything else is the source's refusal, a 502 naming it.
     */
    @ServerExceptionMapper
    public Response metricSource(PrometheusQueryException e, HttpServerRequest request) {
        LOG.warnf("metric source failed while serving %s: %s", request.path(), e.getMessage());
        if (e.isTransient()) {
            Response problem = Problem.response(503, "metric-source-unavailable",
                    "the metric source did not answer; retry later", request.path());
            String retryAfter = e.retryAfter().map(after -> Long.toString(Math.max(1, after.toSeconds())))
                    .orElse(RETRY_AFTER_SECONDS);
            return Response.fromResponse(problem).header("Retry-After", retryAfter).build();
        }
        return Problem.response(502, "metric-source-error", "the metric source refused the query: "
                + e.error().orElse("HTTP " + e.httpStatus()), request.path());
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e, HttpServerRequest request) {
        if (DatabaseFaults.isTransient(e)) {
            LOG.warnf("database unavailable while serving %s: %s", request.path(), e.toString());
            Response problem = Problem.response(503, "unavailable", "the database is unavailable; retry later",
                    request.path());
            return Response.fromResponse(problem).header("Retry-After", RETRY_AFTER_SECONDS).build();
        }
        String incident = UUID.randomUUID().toString();
        LOG.errorf(e, "incident %s while serving %s %s", incident, request.method(), request.path());
        return Problem.response(500, "internal", "unexpected error; incident " + incident + " is logged",
                request.path());
    }
}
