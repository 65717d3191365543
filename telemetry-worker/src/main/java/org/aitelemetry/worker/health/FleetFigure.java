package org.aitelemetry.worker.health;

/**
 * A SKU's fleet-relative baseline for one test: the median and median absolute deviation of its GPUs' latest figures
 * in runs not judged DEGRADED or FAILED.
 */
public record FleetFigure(String productName, String test, double median, double mad, int samples) {
}
