package org.aitelemetry.worker.health;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.SiblingComparison.Slow;

/**
 * Scores the GPUs of one probe run on their own (docs/architecture.md, "Health verdicts"): each test's evidence
 * ({@link TestEvidence}), then what needs the run as a whole — a GPU slower than its siblings or its SKU's fleet in
 * this run and the previous one, NVML silent for one GPU while its siblings answer, and performance no baseline of
 * either kind scores. The verdict is the one the weightiest evidence calls for; HEALTHY when none calls for any.
 */
@ApplicationScoped
public class HealthScorer {

    private static final Set<TestStatus> ANSWERED = Set.of(TestStatus.PASSED, TestStatus.DEGRADED, TestStatus.FAILED);

    private final double siblingTolerance;
    private final TestEvidence testEvidence;

    HealthScorer(HealthConfig config, TestEvidence testEvidence) {
        this.siblingTolerance = config.siblingTolerance();
        this.testEvidence = testEvidence;
    }

    /** @param history each GPU's previous run, by UUID; absent for a GPU's first run */
    public List<GpuScore> score(List<GpuTests> gpus, Map<String, GpuHistory> history, FleetComparison fleet) {
        Map<String, List<Slow>> slowBySiblings = SiblingComparison.slow(gpus, siblingTolerance);
        boolean siblingsAnswerNvml = gpus.stream().anyMatch(HealthScorer::nvmlAnswered);
        return gpus.stream().map(gpu -> score(gpu, history.getOrDefault(gpu.uuid(), GpuHistory.NONE),
                slowBySiblings.getOrDefault(gpu.uuid(), List.of()), fleet, siblingsAnswerNvml)).toList();
    }

    /** The worse of two verdicts: the one declared later in {@link HealthVerdict}. */
    public static HealthVerdict worse(HealthVerdict a, HealthVerdict b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** The verdict a list of evidence calls for: its weightiest item's, HEALTHY when none calls for any. */
    public static HealthVerdict verdictOf(List<Evidence> evidence) {
        return evidence.stream().flatMap(item -> item.severity().verdict().stream())
                .reduce(HealthVerdict.HEALTHY, HealthScorer::worse);
    }

    private GpuScore score(GpuTests gpu, GpuHistory history, List<Slow> slowBySiblings, FleetComparison fleet,
            boolean siblingsAnswerNvml) {
        List<Evidence> evidence = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (TestResult test : gpu.tests()) {
            for (Evidence item : testEvidence.of(test, history.failedTests())) {
                evidence.add(item);
                if (TestEvidence.isSoftFailure(item)) {
                    failed.add(test.key());
                }
            }
        }
        List<String> slow = new ArrayList<>();
        for (Slow test : slowBySiblings) {
            slow.add(test.test());
            if (history.slowTests().contains(test.test())) {
                evidence.add(new Evidence(EvidenceKind.SLOWER_THAN_SIBLINGS, test.test(), String.format(Locale.ROOT,
                        "%s %d%% below its %d siblings' median in 2 consecutive runs", test.test(),
                        test.percentBelow(), test.siblings())));
            }
        }
        for (FleetComparison.Slow test : fleet.slow(gpu)) {
            slow.add(GpuHistory.FLEET + test.test());
            if (history.slowTests().contains(GpuHistory.FLEET + test.test())) {
                evidence.add(new Evidence(EvidenceKind.BELOW_FLEET, test.test(), String.format(Locale.ROOT,
                        "%s %d%% below the fleet median of %d %s GPUs in 2 consecutive runs", test.test(),
                        test.percentBelow(), test.samples(), gpu.productName()),
                        Map.of("fleet_median", String.format(Locale.ROOT, "%.4g", test.median()))));
            }
        }
        if (siblingsAnswerNvml && !nvmlAnswered(gpu) && gpu.tests().stream().anyMatch(HealthScorer::isNvml)) {
            evidence.add(new Evidence(EvidenceKind.NVML_SILENT, null,
                    "NVML answered for the other GPUs of the node but for none of this GPU's tests"));
        }
        unscored(gpu, fleet).ifPresent(evidence::add);
        return new GpuScore(gpu, verdictOf(evidence), evidence, slow, failed.stream().distinct().toList());
    }

    /** Evidence that no baseline of either kind scored any performance test of the GPU, when so. */
    private static Optional<Evidence> unscored(GpuTests gpu, FleetComparison fleet) {
        List<TestResult> throughput = gpu.tests().stream().filter(TestResult::isThroughput).toList();
        boolean scored = throughput.stream().anyMatch(test -> (test.hasBaseline() && ANSWERED.contains(test.status()))
                || (test.hasMeasuredThroughput() && fleet.scores(gpu.productName(), test.key())));
        if (scored) {
            return Optional.empty();
        }
        String what = throughput.isEmpty() ? "the run had no performance test"
                : "no static or fleet baseline for " + String.join(", ", throughput.stream().map(TestResult::key)
                        .toList());
        return Optional.of(new Evidence(EvidenceKind.UNSCORED, null, "performance unscored: " + what));
    }

    private static boolean isNvml(TestResult test) {
        return test.key().startsWith("nvml_");
    }

    private static boolean nvmlAnswered(GpuTests gpu) {
        return gpu.tests().stream().anyMatch(test -> isNvml(test) && ANSWERED.contains(test.status()));
    }
}
