package org.aitelemetry.worker.ingest;

import jakarta.ws.rs.core.MediaType;

/**
 * A body that is not JSON by its content type (415). The ingest methods consume any type and check it themselves, so
 * that a wrong one gets this reason rather than JAX-RS's bare status.
 */
public class UnsupportedBodyTypeException extends IngestRefusal {

    private UnsupportedBodyTypeException(String detail) {
        super("Unsupported content type", "media-type", detail, null);
    }

    /** @param body what the body is, for the detail: "the webhook body", "the probe report" */
    public static void requireJson(String contentType, String body) {
        if (contentType == null || !MediaType.valueOf(contentType).isCompatible(MediaType.APPLICATION_JSON_TYPE)) {
            throw new UnsupportedBodyTypeException(body + " must be application/json, not " + contentType);
        }
    }
}
