package org.aitelemetry.model.health;

/** What an on-demand health check covers. */
public enum HealthCheckTarget {
    NODE,
    /** Every node the project's GPU pods run on. */
    PROJECT,
    /** The nodes of one job, chosen by pod selector or pod names. */
    JOB
}
