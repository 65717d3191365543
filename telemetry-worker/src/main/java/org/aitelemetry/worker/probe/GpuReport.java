package org.aitelemetry.worker.probe;

import org.aitelemetry.worker.health.GpuTests;

/**
 * One GPU of a probe report.
 *
 * @param testsJson the GPU's {@code tests} object as received, for {@code probe_result.tests}
 */
public record GpuReport(GpuTests tests, String testsJson) {
}
