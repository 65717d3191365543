package org.aitelemetry.worker.span;

import io.opentelemetry.sdk.trace.data.EventData;
import io.vertx.mutiny.sqlclient.Row;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.aitelemetry.worker.sql.SqlValues;

/**
 * A usage session as the outbox claimed it: what its spans say, what is pending, and where its aggregates come from.
 * GPU model, index and MIG profile fall back to the fleet tables where the alert's labels lacked them.
 *
 * @param finalPending       its {@code gpu.usage} span is due (the session is final)
 * @param startPending       its {@code gpu.usage.start} span is due
 * @param failures           failed attempts at its pending export so far
 * @param projectNamespace   namespace of the session's research project, if it has one
 * @param sourceName         metric source of its cluster, if the fleet sync knows the cluster
 * @param events             its stored span events, in time order (read by the export claim only)
 */
record OutboxSession(long id, String fingerprint, Instant startsAt, Instant endsAt, String closeReason,
        String alertName, String clusterName, String nodeName, String namespace, String pod, String container,
        String gpuUuid, Integer gpuIndex, String gpuModel, Integer gpuInstanceId, String migProfile,
        String projectNamespace, String traceId, String spanId, boolean finalPending, boolean startPending,
        int failures, Instant aggregatesAt, Double utilizationAvg, Double energyJoules, Double gpuSeconds,
        String sourceName, List<EventData> events) {

    static OutboxSession from(Row row) {
        return new OutboxSession(row.getLong("id"), row.getString("fingerprint"), SqlValues.instant(row, "starts_at"),
                SqlValues.instant(row, "ends_at"), row.getString("close_reason"), row.getString("alert_name"),
                row.getString("cluster_name"), row.getString("node_name"), row.getString("namespace"),
                row.getString("pod"), row.getString("container"), row.getString("gpu_uuid"),
                row.getInteger("gpu_index"), row.getString("gpu_model"), row.getInteger("gpu_instance_id"),
                row.getString("mig_profile"), row.getString("project_namespace"), row.getString("trace_id"),
                row.getString("span_id"), row.getBoolean("final_pending"), row.getBoolean("start_pending"),
                row.getInteger("export_attempts"), SqlValues.instant(row, "aggregates_at"), row.getDouble("utilization_avg"),
                row.getDouble("energy_joules"), row.getDouble("gpu_seconds"), row.getString("source_name"),
                StoredSpanEvents.of(row.getValue("events")));
    }

    /** A MIG slice rather than a whole GPU. */
    boolean slice() {
        return gpuInstanceId != null;
    }

    /** From start to end; zero for a session that is not final. */
    Duration duration() {
        return endsAt == null ? Duration.ZERO : Duration.between(startsAt, endsAt);
    }

    /** Its {@code gpu.usage} span can go out: final, and its aggregates were read (or given up on). */
    boolean usageSpanReady() {
        return finalPending && aggregatesAt != null;
    }
}
