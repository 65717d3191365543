package org.aitelemetry.devkit.fleet;

/** A MIG GPU instance: identified by its GPU's UUID and its GPU_I_ID. */
public record MigSlice(String deviceUuid, int gpuInstanceId, MigProfile profile) {
}
