package org.aitelemetry.site.project;

/** The optional filters of the project list and its groups; null where not asked for. */
record ProjectFilter(String cluster, String state, Boolean active, String pi, String institution) {
}
