package org.aitelemetry.worker.alert;

import jakarta.ws.rs.core.Response;

/** An RFC 9457 problem document: the reason a client reads when its request was refused. */
public record Problem(String type, String title, int status, String detail) {

    public static final String MEDIA_TYPE = "application/problem+json";

    public static Response response(Response.Status status, String title, String detail) {
        return Response.status(status).type(MEDIA_TYPE)
                .entity(new Problem("about:blank", title, status.getStatusCode(), detail)).build();
    }
}
