package org.aitelemetry.model.usage;

/** What a usage rollup row is about; its {@code entityId} is the id of a device, a slice or a project. */
public enum RollupEntityKind {
    DEVICE,
    SLICE,
    PROJECT
}
