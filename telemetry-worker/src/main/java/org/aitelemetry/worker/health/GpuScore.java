package org.aitelemetry.worker.health;

import java.util.List;
import org.aitelemetry.model.fleet.HealthVerdict;

/**
 * What one probe run says of a GPU on its own, before its history (recovery) is applied.
 *
 * @param evidence    why; never empty unless the run is clean and scored
 * @param slowTests   tests slow against siblings or fleet in this run, to be confirmed by the next ({@link GpuHistory})
 * @param failedTests tests failed without hard evidence in this run, likewise
 */
public record GpuScore(GpuTests gpu, HealthVerdict verdict, List<Evidence> evidence, List<String> slowTests,
        List<String> failedTests) {

    public GpuScore {
        evidence = List.copyOf(evidence);
        slowTests = List.copyOf(slowTests);
        failedTests = List.copyOf(failedTests);
    }

    public String uuid() {
        return gpu.uuid();
    }

    /** A re-run is due: the run could not judge the GPU, or a failure waits for its confirmation. */
    public boolean needsRerun() {
        return evidence.stream().anyMatch(item -> item.severity() == Severity.INCONCLUSIVE
                || item.kind() == EvidenceKind.UNCONFIRMED_FAILURE);
    }

    /** Clean: nothing against the GPU and nothing left unjudged (it may still be unscored). */
    public boolean clean() {
        return verdict == HealthVerdict.HEALTHY || verdict == HealthVerdict.UNSCORED;
    }
}
