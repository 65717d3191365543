package org.aitelemetry.worker.health;

import java.util.List;
import org.aitelemetry.model.fleet.HealthVerdict;

/**
 * A GPU's verdict from one probe run.
 *
 * @param slowTests the tests on which it ran below its siblings' median in this run, whether or not that counted yet
 */
public record GpuScore(String uuid, HealthVerdict verdict, List<String> reasons, List<String> slowTests) {

    public GpuScore {
        reasons = List.copyOf(reasons);
        slowTests = List.copyOf(slowTests);
    }
}
