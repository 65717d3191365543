package org.aitelemetry.site.health;

/** A GPU a job holds, as read, with the health of its node: the input of {@link JobHealthView#of}. */
record HeldGpu(JobGpuView gpu, String nodeHealth, String nodeReason) {
}
