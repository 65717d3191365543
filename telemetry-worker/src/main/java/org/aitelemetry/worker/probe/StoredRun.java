package org.aitelemetry.worker.probe;

import java.util.List;
import java.util.UUID;

/**
 * A stored probe run as the ingest answers it, the same for the first post and for a replay.
 *
 * @param nodeId the node the hostname names, null when no node or several (in different clusters) have that name
 */
public record StoredRun(UUID runId, String hostname, Long nodeId, String verdict, List<Gpu> gpus) {

    public StoredRun {
        gpus = List.copyOf(gpus);
    }

    /** @param deviceId null for a GPU the fleet sync does not know */
    public record Gpu(String uuid, Long deviceId, String verdict, List<String> reasons) {
    }
}
