package org.aitelemetry.site.project;

import java.math.BigDecimal;

/** A project among the most used by GPU-hours allocated over a window, with what they cost. */
public record TopProject(long id, String cluster, String namespace, double gpuHours, BigDecimal cost) {
}
