package org.aitelemetry.worker.idle;

import io.vertx.mutiny.sqlclient.Row;
import java.math.BigDecimal;
import java.time.Instant;
import org.aitelemetry.worker.sql.SqlValues;

/**
 * Consecutive idle hours of one GPU or MIG slice held by one project: what a notice names.
 *
 * @param entityKind DEVICE or SLICE, as in {@code usage_rollup}
 * @param idleGpuHours GPU-hours idle, a slice's weighted by its share of the GPU
 * @param costWasted the allocation-basis cost of the idle share of those hours
 */
public record IdleStretch(String entityKind, long entityId, String gpuUuid, Integer gpuInstanceId, String migProfile,
        String nodeName, Instant from, Instant until, double idleGpuHours, BigDecimal costWasted) {

    static IdleStretch from(Row row) {
        return new IdleStretch(row.getString("entity_kind"), row.getLong("entity_id"), row.getString("gpu_uuid"),
                row.getInteger("gpu_instance_id"), row.getString("mig_profile"), row.getString("node_name"),
                SqlValues.instant(row, "idle_from"), SqlValues.instant(row, "idle_until"),
                row.getDouble("idle_gpu_hours"), row.getBigDecimal("cost_wasted"));
    }

    /** How a person names it: the GPU's UUID, with the slice's profile and instance where it is one. */
    String label() {
        String gpu = gpuUuid == null ? entityKind + " " + entityId : gpuUuid;
        return migProfile == null ? gpu : gpu + " MIG " + migProfile + " (instance " + gpuInstanceId + ")";
    }
}
