package org.aitelemetry.site.health;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One test of one probe result of a GPU, against its baseline (the SKU's measured achievable figure): what gpu-probe
 * reported, with {@code slowerThanSiblings} from the run's sibling comparison. Figures are null when not reported.
 */
public record ProbeTestRow(UUID runId, OffsetDateTime at, String test, String status, Double value, String unit,
        Double baseline, Double ratio, String reason, boolean slowerThanSiblings) {
}
