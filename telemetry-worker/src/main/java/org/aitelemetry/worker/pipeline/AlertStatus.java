package org.aitelemetry.worker.pipeline;

/** Status of an alert, or of a whole webhook batch, as Alertmanager reports it. */
public enum AlertStatus {
    FIRING,
    RESOLVED
}
