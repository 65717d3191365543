package org.aitelemetry.worker.health;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.aitelemetry.model.fleet.HealthVerdict;

/**
 * A GPU's new verdict from its current one and a run's score — the hysteresis of docs/architecture.md, "Health
 * verdicts": a DEGRADED or FAILED GPU keeps its verdict (and the evidence behind it) until {@code recoveryRuns} clean
 * runs in a row; an inconclusive run changes nothing about such a GPU and does not count either way; a worse run takes
 * effect at once. Any other GPU takes the run's verdict.
 */
public final class VerdictTransition {

    private static final Set<HealthVerdict> HELD = Set.of(HealthVerdict.DEGRADED, HealthVerdict.FAILED);

    /** @param cleanRuns clean runs in a row while recovering; 0 otherwise */
    public record Outcome(HealthVerdict verdict, List<Evidence> evidence, int cleanRuns) {

        public Outcome {
            evidence = List.copyOf(evidence);
        }
    }

    private VerdictTransition() {
    }

    /**
     * @param current          the GPU's verdict now
     * @param currentEvidence  the evidence behind it
     * @param cleanRuns        its clean runs in a row so far
     */
    public static Outcome next(HealthVerdict current, List<Evidence> currentEvidence, int cleanRuns, GpuScore run,
            int recoveryRuns) {
        if (!HELD.contains(current)) {
            return new Outcome(run.verdict(), run.evidence(), 0);
        }
        if (run.verdict() == HealthVerdict.FAILED || run.verdict() == HealthVerdict.DEGRADED) {
            HealthVerdict verdict = HealthScorer.worse(current, run.verdict());
            return new Outcome(verdict, verdict == run.verdict() ? run.evidence() : held(current, currentEvidence, run),
                    0);
        }
        if (!run.clean()) {
            return new Outcome(current, held(current, currentEvidence, run), cleanRuns);
        }
        int clean = cleanRuns + 1;
        if (clean >= recoveryRuns) {
            return new Outcome(run.verdict(), run.evidence(), 0);
        }
        List<Evidence> evidence = held(current, currentEvidence, run);
        evidence.add(new Evidence(EvidenceKind.RECOVERING, null, "recovering: " + clean + " of " + recoveryRuns
                + " clean runs in a row needed to leave " + current));
        return new Outcome(current, evidence, clean);
    }

    /**
     * The evidence that holds the current verdict (the items that called for it, and a repeat-offender flag), then
     * what this run adds; earlier runs' other items are dropped, so the list stays as short as the story it tells.
     */
    private static List<Evidence> held(HealthVerdict current, List<Evidence> currentEvidence, GpuScore run) {
        List<Evidence> evidence = new ArrayList<>(currentEvidence.stream()
                .filter(item -> item.severity().verdict().orElse(null) == current
                        || item.kind() == EvidenceKind.REPEAT_OFFENDER).toList());
        run.evidence().stream().filter(item -> item.severity() != Severity.UNSCORED && !evidence.contains(item))
                .forEach(evidence::add);
        return evidence;
    }
}
