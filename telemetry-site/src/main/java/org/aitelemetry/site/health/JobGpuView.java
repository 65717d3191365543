package org.aitelemetry.site.health;

import java.time.OffsetDateTime;
import java.util.List;

/** A GPU (or MIG slice, with its instance id) a job holds, with the device's health (schema {@code JobGpu}). */
public record JobGpuView(String uuid, String node, Integer gpuInstanceId, List<String> pods, String health,
        String reason, OffsetDateTime healthAt) {
}
