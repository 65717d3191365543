package org.aitelemetry.worker.health;

import java.util.Set;

/**
 * What a GPU's previous run left for this one to confirm.
 *
 * @param slowTests   tests on which it ran below its siblings ({@code gemm_bf16}) or its fleet ({@code fleet:gemm_bf16})
 * @param failedTests tests it failed without hard evidence
 */
public record GpuHistory(Set<String> slowTests, Set<String> failedTests) {

    public static final GpuHistory NONE = new GpuHistory(Set.of(), Set.of());

    /** The prefix of a slow test flagged against the fleet rather than the siblings. */
    public static final String FLEET = "fleet:";

    public GpuHistory {
        slowTests = Set.copyOf(slowTests);
        failedTests = Set.copyOf(failedTests);
    }
}
