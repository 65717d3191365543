package org.aitelemetry.worker.ingest;

import jakarta.ws.rs.core.Response;

/** An RFC 9457 problem document: the reason a client reads when its request was refused. */
public record Problem(String type, String title, int status, String detail) {

    public static final String MEDIA_TYPE = "application/problem+json";

    /** A problem without a type of its own ({@code about:blank}: the status says what kind it is). */
    public static Problem of(int status, String title, String detail) {
        return new Problem("about:blank", title, status, detail);
    }

    public static Response response(Response.Status status, String title, String detail) {
        return Response.status(status).type(MEDIA_TYPE).entity(of(status.getStatusCode(), title, detail)).build();
    }
}
