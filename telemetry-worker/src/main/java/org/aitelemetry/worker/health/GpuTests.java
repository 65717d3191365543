package org.aitelemetry.worker.health;

import java.util.List;

/** The tests one GPU ran in a probe run. */
public record GpuTests(String uuid, List<TestResult> tests) {

    public GpuTests {
        tests = List.copyOf(tests);
    }
}
