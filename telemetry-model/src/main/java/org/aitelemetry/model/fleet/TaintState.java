package org.aitelemetry.model.fleet;

/**
 * {@code ai_node.taint_state}: what the worker's actuator did with a node's health taint (its reason in
 * {@code taint_reason}), with what each state means for people.
 */
public enum TaintState {
    /** Not tainted by us. */
    NONE("Not tainted for health."),
    /** Tainted: the node verdict is FAILED and the blast-radius limit allowed it. */
    TAINTED("Tainted NoSchedule: the node is FAILED and takes no new work."),
    /** FAILED, but the blast-radius limit held the taint back; applied when a slot frees, in the order held. */
    HELD("FAILED, but the blast-radius limit held the taint back: the node still takes work."),
    /** FAILED on a cluster in dry-run mode: would be tainted, nothing was written to the Node. */
    DRY_RUN("FAILED and would be tainted, but the worker runs in dry-run mode: the node still takes work.");

    private final String meaning;

    TaintState(String meaning) {
        this.meaning = meaning;
    }

    public String meaning() {
        return meaning;
    }

    /** The state's meaning; empty for a value this build does not know. */
    public static String meaningOf(String state) {
        for (TaintState known : values()) {
            if (known.name().equals(state)) {
                return known.meaning;
            }
        }
        return "";
    }
}
