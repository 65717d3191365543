package org.aitelemetry.site.api;

/** A research project named by its cluster and namespace, with its id when the model knows it. */
public record ProjectRef(Long id, String cluster, String namespace) {
}
