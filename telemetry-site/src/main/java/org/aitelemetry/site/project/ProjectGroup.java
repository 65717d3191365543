package org.aitelemetry.site.project;

/**
 * The caller's projects that share a PI or an institution (schema {@code ProjectGroup}).
 *
 * @param key            the PI or institution; null for the projects whose namespace does not say it
 * @param projects       how many projects
 * @param clusters       on how many clusters
 * @param gpusRequested  whole GPUs their pods request now
 */
public record ProjectGroup(String key, int projects, int clusters, double gpusRequested) {
}
