package org.aitelemetry.site.health;

/**
 * How far a DEGRADED or FAILED GPU is on its way back (schema {@code DeviceHealthNow.recovery}): it turns HEALTHY after
 * {@code needed} consecutive clean runs (the worker's {@code telemetry.health.recovery-runs}).
 */
public record HealthRecovery(int cleanRuns, int needed) {
}
