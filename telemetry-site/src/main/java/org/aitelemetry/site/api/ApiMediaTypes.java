package org.aitelemetry.site.api;

/** What read operations produce: JSON, or NGSI-LD JSON-LD on request; Markdown for tickets (evidence bundles). */
public final class ApiMediaTypes {

    public static final String JSON = "application/json";
    public static final String JSON_LD = "application/ld+json";
    public static final String MARKDOWN = "text/markdown";

    private ApiMediaTypes() {
    }
}
