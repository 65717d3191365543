package org.aitelemetry.prometheus;

import java.time.Instant;

/** One sample of a series as Prometheus returned it; the value is whatever the exporter wrote, sentinels included. */
public record Sample(Instant time, double value) {
}
