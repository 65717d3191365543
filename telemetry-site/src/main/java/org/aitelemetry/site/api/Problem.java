package org.aitelemetry.site.api;

import jakarta.ws.rs.core.Response;

/** An RFC 9457 problem document with the API's stable {@code code}. */
public record Problem(String type, String title, int status, String detail, String code, String instance) {

    public static final String MEDIA_TYPE = "application/problem+json";

    /** The response carrying this problem, with the status it names. */
    public static Response response(int status, String code, String detail, String instance) {
        Response.StatusType statusType = Response.Status.fromStatusCode(status);
        String title = statusType != null ? statusType.getReasonPhrase() : "Error";
        return Response.status(status).type(MEDIA_TYPE)
                .entity(new Problem("urn:aitelemetry:problem:" + code, title, status, detail, code, instance)).build();
    }
}
