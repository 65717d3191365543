package org.aitelemetry.model.usage;

/**
 * What a usage rollup row is about; its {@code entityId} is the id of a device, a slice, a project or a virtual machine
 * (whose GPUs are passed through to it: its hours are allocation-based, unmetered).
 */
public enum RollupEntityKind {
    DEVICE,
    SLICE,
    PROJECT,
    VM
}
