package org.aitelemetry.site.api;

import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Turns {@link RateLimited} into a 429 {@code rate-limited} problem with its Retry-After header. */
public class RateLimitedMapper {

    @ServerExceptionMapper
    public Response rateLimited(RateLimited e, HttpServerRequest request) {
        Response problem = Problem.response(429, "rate-limited", e.getMessage(), request.path());
        return Response.fromResponse(problem).header("Retry-After", String.valueOf(e.retryAfterSeconds())).build();
    }
}
