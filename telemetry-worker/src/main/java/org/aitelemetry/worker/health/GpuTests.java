package org.aitelemetry.worker.health;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tests one GPU ran in a probe run.
 *
 * @param productName the GPU's name as the probe read it (NVML), e.g. {@code NVIDIA H100 80GB HBM3}; null if absent
 * @param serial      the board serial, null when the probe could not read one
 */
public record GpuTests(String uuid, String productName, String serial, List<TestResult> tests) {

    public GpuTests {
        tests = List.copyOf(tests);
    }

    public GpuTests(String uuid, List<TestResult> tests) {
        this(uuid, null, null, tests);
    }

    /** The figures the fleet-relative baseline is built from, by test key ({@link TestResult#isFleetFigure}). */
    public Map<String, Double> fleetFigures() {
        Map<String, Double> figures = new TreeMap<>();
        tests.stream().filter(TestResult::isFleetFigure).forEach(test -> figures.put(test.key(), test.value()));
        return figures;
    }

    /** The board's identity for its history: the serial, or the UUID when the serial is unknown. */
    public String board() {
        return serial == null || serial.isBlank() ? uuid : serial;
    }
}
