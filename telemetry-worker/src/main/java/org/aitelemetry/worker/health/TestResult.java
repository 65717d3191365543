package org.aitelemetry.worker.health;

import java.util.Map;

/**
 * One test of one GPU as the probe reported it.
 *
 * @param key     the probe's test key, e.g. {@code gemm_bf16} or {@code device_memory_bandwidth}
 * @param value   the measured figure in the test's unit, null when none was measured
 * @param reason  the probe's explanation, null when it gave none
 * @param hasBaseline whether the probe scored the figure against a static baseline of the SKU
 * @param details the probe's scalar details (numbers and booleans as text), e.g. {@code xids=79,48}
 */
public record TestResult(String key, TestStatus status, Double value, String reason, boolean hasBaseline,
        Map<String, String> details) {

    public TestResult {
        details = Map.copyOf(details);
    }

    /** A test with no baseline and no details. */
    public TestResult(String key, TestStatus status, Double value, String reason) {
        this(key, status, value, reason, false, Map.of());
    }

    /** GEMM per precision and the memory bandwidths: the figures baselines, siblings and the fleet compare. */
    public boolean isThroughput() {
        return key.startsWith("gemm_") || key.endsWith("_bandwidth");
    }

    /** A throughput figure that was measured: positive and finite. */
    public boolean hasMeasuredThroughput() {
        return isThroughput() && value != null && Double.isFinite(value) && value > 0;
    }

    /**
     * A figure the fleet-relative baseline is built from: a measured throughput the probe did not find broken (a
     * degraded figure counts, as the fleet itself may have drifted; the GPUs whose verdict was DEGRADED or FAILED are
     * left out when the baseline is recomputed).
     */
    public boolean isFleetFigure() {
        return hasMeasuredThroughput() && (status == TestStatus.PASSED || status == TestStatus.WAIVED
                || status == TestStatus.DEGRADED);
    }

    public String detail(String name) {
        return details.get(name);
    }

    /** The detail as a number, or 0 when absent or not a number. */
    public double number(String name) {
        String text = details.get(name);
        if (text == null) {
            return 0;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    public boolean flag(String name) {
        return "true".equals(details.get(name));
    }
}
