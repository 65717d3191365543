package org.aitelemetry.worker.health;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** How probe runs are scored: {@code telemetry.health.*}. */
@ConfigMapping(prefix = "telemetry.health")
public interface HealthConfig {

    /**
     * A GPU whose GEMM or bandwidth figure is below (1 - tolerance) × its siblings' median in two consecutive runs is
     * DEGRADED; 0.10 lies outside normal part-to-part spread of one SKU.
     */
    @WithDefault("0.10")
    double siblingTolerance();
}
