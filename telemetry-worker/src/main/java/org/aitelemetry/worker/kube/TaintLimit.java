package org.aitelemetry.worker.kube;

import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.model.fleet.TaintState;

/**
 * The blast-radius limit (NVIDIA NVSentinel's circuit breaker is the model): at most {@code max-share} of a cluster's
 * GPU nodes tainted at once, and at most {@code max-per-hour} nodes tainted in any rolling hour. The share is rounded
 * down, so a large cluster never passes it, but never below one node while the share is above zero, so that a small
 * cluster can still take its one broken node out of service. Pure: {@link TaintLedger} supplies the figures under a
 * per-cluster lock and records the outcome.
 */
record TaintLimit(double maxShare, int maxPerHour) {

    static TaintLimit of(KubeConfig.TaintLimit config) {
        return new TaintLimit(config.maxShare(), config.maxPerHour());
    }

    /** A cluster's figures at the moment of the decision. */
    record Figures(int gpuNodes, int tainted, int taintedLastHour) {
    }

    record Decision(TaintState state, String reason) {
    }

    /** Nodes that may be tainted at once in a cluster of this many GPU nodes. */
    int allowed(int gpuNodes) {
        if (maxShare <= 0) {
            return 0;
        }
        // The epsilon keeps 0.29 × 100 at 29, not 28.999… rounded down to 28.
        return Math.max(1, (int) Math.floor(maxShare * gpuNodes + 1e-9));
    }

    /**
     * The node's taint state for a verdict that changes the Node (never INCONCLUSIVE or UNKNOWN: those change nothing).
     *
     * @param current the node's state now; a node already tainted keeps its slot
     */
    Decision decide(HealthVerdict verdict, TaintState current, boolean dryRun, Figures figures) {
        if (verdict != HealthVerdict.FAILED) {
            return new Decision(TaintState.NONE, null);
        }
        if (dryRun) {
            return new Decision(TaintState.DRY_RUN, "dry run: would be tainted, nothing written to the Node");
        }
        if (current == TaintState.TAINTED) {
            return new Decision(TaintState.TAINTED, null);
        }
        int allowed = allowed(figures.gpuNodes());
        if (figures.tainted() >= allowed) {
            return new Decision(TaintState.HELD, String.format("taint held back by the blast-radius limit: %d of %d GPU"
                    + " nodes already tainted, max-share %s allows %d", figures.tainted(), figures.gpuNodes(),
                    percent(), allowed));
        }
        if (figures.taintedLastHour() >= maxPerHour) {
            return new Decision(TaintState.HELD, String.format("taint held back by the blast-radius limit: %d nodes"
                    + " tainted in the last hour, max-per-hour %d", figures.taintedLastHour(), maxPerHour));
        }
        return new Decision(TaintState.TAINTED, null);
    }

    private String percent() {
        return String.format("%.4g %%", maxShare * 100).replaceAll("\\.?0+ %", " %");
    }
}
