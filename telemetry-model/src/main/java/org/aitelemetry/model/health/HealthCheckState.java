package org.aitelemetry.model.health;

public enum HealthCheckState {
    PENDING,
    SCHEDULED,
    RUNNING,
    SUCCEEDED,
    FAILED,
    CANCELLED
}
