package org.aitelemetry.worker.health;

/**
 * One test of one GPU as the probe reported it.
 *
 * @param key    the probe's test key, e.g. {@code gemm_bf16} or {@code device_memory_bandwidth}
 * @param value  the measured figure in the test's unit, null when none was measured
 * @param reason the probe's explanation, null when it gave none
 */
public record TestResult(String key, TestStatus status, Double value, String reason) {
}
