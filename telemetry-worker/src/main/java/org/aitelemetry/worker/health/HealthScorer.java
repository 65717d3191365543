package org.aitelemetry.worker.health;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.SiblingComparison.Slow;

/**
 * Scores the GPUs of one probe run. A GPU's verdict is its worst test status (the probe scored each test against the
 * SKU's measured baseline), with the probe's reasons; a GPU slower than its siblings is DEGRADED only when it was also
 * slow on the same test in its previous run: one slow run may be a noisy neighbour, two in a row is the GPU.
 */
@ApplicationScoped
public class HealthScorer {

    private final double tolerance;

    HealthScorer(HealthConfig config) {
        this.tolerance = config.siblingTolerance();
    }

    /** @param previouslySlow each GPU's slow tests in its previous run, by UUID */
    public List<GpuScore> score(List<GpuTests> gpus, Map<String, Set<String>> previouslySlow) {
        Map<String, List<Slow>> slow = SiblingComparison.slow(gpus, tolerance);
        return gpus.stream().map(gpu -> score(gpu, slow.getOrDefault(gpu.uuid(), List.of()),
                previouslySlow.getOrDefault(gpu.uuid(), Set.of()))).toList();
    }

    /** The worse of two verdicts: FAILED over DEGRADED over HEALTHY over UNKNOWN. */
    public static HealthVerdict worse(HealthVerdict a, HealthVerdict b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static GpuScore score(GpuTests gpu, List<Slow> slow, Set<String> slowBefore) {
        HealthVerdict verdict = HealthVerdict.HEALTHY;
        List<String> reasons = new ArrayList<>();
        for (TestResult test : gpu.tests()) {
            if (test.status().verdict() != HealthVerdict.HEALTHY) {
                verdict = worse(verdict, test.status().verdict());
                reasons.add(test.key() + " " + test.status().name().toLowerCase(Locale.ROOT)
                        + (test.reason() == null || test.reason().isBlank() ? "" : ": " + test.reason()));
            }
        }
        for (Slow test : slow) {
            if (slowBefore.contains(test.test())) {
                verdict = worse(verdict, HealthVerdict.DEGRADED);
                reasons.add(String.format(Locale.ROOT, "%s %d%% below its %d siblings' median in 2 consecutive runs",
                        test.test(), test.percentBelow(), test.siblings()));
            }
        }
        return new GpuScore(gpu.uuid(), verdict, reasons, slow.stream().map(Slow::test).toList());
    }
}
