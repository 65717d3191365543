package org.aitelemetry.worker.sync;

import java.time.Duration;
import org.aitelemetry.model.fleet.SyncStatus;

/** What one cycle did for one source: the figures the benchmark and the logs report. */
public record SyncReport(String source, SyncStatus status, boolean skipped, int queries, int series, int clusters,
        int nodes, int devices, int slices, int projects, int virtualMachines, int rowsWritten, Duration duration,
        String message) {

    static SyncReport skipped(String source) {
        return new SyncReport(source, null, true, 0, 0, 0, 0, 0, 0, 0, 0, 0, Duration.ZERO,
                "another replica holds the sync lock");
    }
}
