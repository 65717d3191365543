package org.aitelemetry.worker.probe;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What the worker keeps of a gpu-probe JSON report (contracts.md §6), checked; the report is stored as well.
 *
 * @param requestId the health-check request the run answers ({@code --request-id}), null for a scheduled run
 * @param exitCode  null when the report has none
 * @param json      the report without its GPUs' tests (each GPU's are in {@link GpuReport}), for {@code probe_run.report}
 */
public record ProbeReport(UUID runId, UUID requestId, String schemaVersion, String probeVersion, Instant startedAt,
        Instant finishedAt, Integer exitCode, String hostname, List<GpuReport> gpus, String json) {

    public ProbeReport {
        gpus = List.copyOf(gpus);
    }
}
