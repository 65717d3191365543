package org.aitelemetry.site.health;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A ticket-ready evidence bundle of one GPU (schema {@code HealthBundle}): everything a vendor or an operator needs to
 * act on its verdict without access to the fleet, as JSON or Markdown ({@link HealthBundleMarkdown}).
 */
public record HealthBundle(OffsetDateTime generatedAt, Gpu gpu, DeviceHealthNow health, LatestRun latestRun,
        Map<String, Object> nvml, List<XidReport> xids, List<Sibling> siblings, List<FleetComparison> fleet,
        List<RunSummary> runs, BoardHistory board) {

    /** The bundle as a Markdown ticket body, every fleet or probe value escaped. */
    public String markdown() {
        return HealthBundleMarkdown.of(this);
    }

    /** Where the GPU is and what it is; serial, product and place may be unknown (null). */
    public record Gpu(String uuid, String serial, String product, String cluster, String node, Integer index) {
    }

    /** The GPU's latest probe result: every test as gpu-probe reported it. */
    public record LatestRun(UUID runId, OffsetDateTime at, String verdict, Map<String, Object> tests) {
    }

    /** The XIDs the NVML snapshot of one run reported ({@code nvml_xid} as the probe wrote it). */
    public record XidReport(UUID runId, OffsetDateTime at, Object xid) {
    }

    /** Another GPU of the same run, with its values for the tests this GPU ran. */
    public record Sibling(String uuid, String verdict, Map<String, Double> values) {
    }

    /** The SKU's fleet figure for a test, and this GPU's latest value against its median. */
    public record FleetComparison(String test, double median, double mad, int samples, OffsetDateTime computedAt,
            Double value, Double ratio) {
    }

    /** One of the GPU's latest runs, with what its evidence said. */
    public record RunSummary(UUID runId, OffsetDateTime at, String verdict, List<String> evidence) {
    }

    /** The board's failures wherever it was (by serial, else UUID), and whether it is a repeat offender. */
    public record BoardHistory(String board, List<Failure> failures, int failuresLast30Days, boolean repeatOffender) {
    }

    /** One time the board turned FAILED. */
    public record Failure(OffsetDateTime at, String gpuUuid, String cluster, String node, UUID runId,
            List<HealthEvidence> evidence) {
    }
}
