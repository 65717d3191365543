package org.aitelemetry.site.ngsild;

/** An API model with an NGSI-LD representation, served for {@code Accept: application/ld+json}. */
public interface NgsiLdRepresentable {

    NgsiLdEntity toNgsiLd();
}
