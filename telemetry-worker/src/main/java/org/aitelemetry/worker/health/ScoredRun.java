package org.aitelemetry.worker.health;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A stored run's GPU scores, to be applied to the fleet.
 *
 * @param at     when the run finished: the time of the verdicts it gives
 * @param nodeId the node the run is linked to, null when none
 */
public record ScoredRun(UUID runId, Instant at, Long nodeId, List<GpuScore> scores) {

    public ScoredRun {
        scores = List.copyOf(scores);
    }
}
