package org.aitelemetry.worker.kube;

/** {@code ai_node.taint_state}: what the actuator did with a node's taint, and why ({@code taint_reason}). */
public enum TaintState {
    /** Not tainted by us. */
    NONE,
    /** Tainted: the node verdict is FAILED and the blast-radius limit allowed it. */
    TAINTED,
    /** FAILED, but the blast-radius limit held the taint back; applied when a slot frees, in the order held. */
    HELD,
    /** FAILED on a cluster in dry-run mode: would be tainted, nothing was written to the Node. */
    DRY_RUN
}
