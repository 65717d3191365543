package org.aitelemetry.site.fleet;

/**
 * The node taint as the worker's actuator left it ({@code ai_node.taint_state}, V11): the values the schema's CHECK
 * allows, each with what it means for people.
 */
public enum TaintState {
    NONE("Not tainted for health."),
    TAINTED("Tainted NoSchedule: the node is FAILED and takes no new work."),
    HELD("FAILED, but the blast-radius limit held the taint back: the node still takes work."),
    DRY_RUN("FAILED and would be tainted, but the worker runs in dry-run mode: the node still takes work.");

    private final String meaning;

    TaintState(String meaning) {
        this.meaning = meaning;
    }

    public String meaning() {
        return meaning;
    }

    /** The state's meaning; empty for a value the schema does not know. */
    public static String meaningOf(String state) {
        for (TaintState known : values()) {
            if (known.name().equals(state)) {
                return known.meaning;
            }
        }
        return "";
    }
}
