package org.aitelemetry.site.ngsild;

/** Media type and URLs of the NGSI-LD representations. */
public final class NgsiLd {

    public static final String MEDIA_TYPE = "application/ld+json";
    public static final String CONTEXT_PATH = "/api/v1/ngsi-ld/context.jsonld";
    /** The NGSI-LD core context every entity also names. */
    public static final String CORE_CONTEXT = "https://uri.etsi.org/ngsi-ld/v1/ngsi-ld-core-context-v1.8.jsonld";
    /** Where the vocabulary's terms live: stable across deployments, so open data from two sites means the same. */
    public static final String VOCABULARY = "urn:aitelemetry:vocab:";

    private NgsiLd() {
    }
}
