package org.aitelemetry.site.api;

/** What read operations produce: JSON, or NGSI-LD JSON-LD on request. */
public final class ApiMediaTypes {

    public static final String JSON = "application/json";
    public static final String JSON_LD = "application/ld+json";

    private ApiMediaTypes() {
    }
}
