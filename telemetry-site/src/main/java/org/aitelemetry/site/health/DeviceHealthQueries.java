package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.PagedQuery;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.api.SqlFilter;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads devices' health: a device's current verdict with evidence, advice and recovery, its history from probe
 * results, and the GPUs not known to be healthy. Inventory, visible to every telemetry role.
 */
@ApplicationScoped
public class DeviceHealthQueries {

    private static final PagedQuery HISTORY = new PagedQuery(
            "p.run_id, p.finished_at, r.verdict, r.reasons, r.evidence, r.advice",
            "probe_result r JOIN probe_run p ON p.id = r.probe_run_id");
    private static final String CURRENT = """
            SELECT health, health_reason, health_at, health_evidence, health_advice, health_clean_runs
            FROM gpu_device WHERE uuid = $1""";
    /**
     * FAILED, DEGRADED, INCONCLUSIVE and UNSCORED, worst first, then newest verdict first: UNSCORED and INCONCLUSIVE
     * are listed because they are not healthy either.
     */
    private static final String UNHEALTHY = """
            SELECT d.uuid, c.name AS cluster, n.id AS node_id, n.name AS node, d.gpu_index, g.product_name,
                   d.health, d.health_reason, d.health_at, d.health_evidence, d.health_advice
            FROM gpu_device d JOIN ai_node n ON n.id = d.node_id JOIN ai_cluster c ON c.id = n.cluster_id
            JOIN gpu g ON g.id = d.gpu_id
            WHERE d.state = 'PRESENT' AND d.health IN ('UNSCORED', 'INCONCLUSIVE', 'DEGRADED', 'FAILED')
            ORDER BY array_position(ARRAY['FAILED', 'DEGRADED', 'INCONCLUSIVE', 'UNSCORED']::varchar[], d.health),
                     d.health_at DESC NULLS LAST, d.uuid LIMIT $1""";
    /** The verdicts a GPU recovers from by clean runs (hysteresis). */
    private static final Set<String> RECOVERING_FROM = Set.of("DEGRADED", "FAILED");

    private final Pool pool;
    private final int recoveryRuns;

    /** {@code recoveryRuns} is the worker's own setting, read under the same key so one value serves both. */
    public DeviceHealthQueries(Pool pool,
            @ConfigProperty(name = "telemetry.health.recovery-runs", defaultValue = "3") int recoveryRuns) {
        this.pool = pool;
        this.recoveryRuns = recoveryRuns;
    }

    /** The device's current verdict and its verdicts newest first, or null when there is no such device. */
    public Uni<DeviceHealthPage> history(String uuid, OffsetDateTime from, OffsetDateTime to, PageRequest page) {
        SqlFilter filter = new SqlFilter().and("r.gpu_uuid = ?", uuid)
                .when(from, "p.finished_at >= ?")
                .when(to, "p.finished_at < ?");
        return current(uuid).flatMap(current -> current == null ? Uni.createFrom().nullItem()
                : HISTORY.run(pool, filter, "p.finished_at DESC, r.id DESC", page, DeviceHealthQueries::entry)
                        .map(history -> DeviceHealthPage.of(history, current)));
    }

    /** The device's current verdict with its evidence, or null when there is no such device. */
    public Uni<DeviceHealthNow> current(String uuid) {
        return pool.preparedQuery(CURRENT).execute(Tuple.of(uuid)).map(rows -> Rows.first(rows, this::now));
    }

    /** The present GPUs not known to be healthy, worst first, at most {@code limit}. */
    public Uni<List<UnhealthyGpu>> unhealthy(int limit) {
        return pool.preparedQuery(UNHEALTHY).execute(Tuple.of(limit))
                .map(rows -> Rows.all(rows, DeviceHealthQueries::unhealthy));
    }

    private DeviceHealthNow now(Row row) {
        String verdict = row.getString("health");
        HealthRecovery recovery = RECOVERING_FROM.contains(verdict)
                ? new HealthRecovery(row.getInteger("health_clean_runs"), recoveryRuns) : null;
        return new DeviceHealthNow(verdict, VerdictMeaning.of(verdict), row.getString("health_reason"),
                row.getOffsetDateTime("health_at"), HealthEvidence.of(row.getJsonArray("health_evidence")),
                HealthAdvice.of(row.getJsonArray("health_advice")), recovery);
    }

    private static HealthVerdictEntry entry(Row row) {
        return new HealthVerdictEntry(row.getUUID("run_id"), row.getOffsetDateTime("finished_at"),
                row.getString("verdict"), Rows.strings(row, "reasons"),
                HealthEvidence.of(row.getJsonArray("evidence")), HealthAdvice.of(row.getJsonArray("advice")));
    }

    private static UnhealthyGpu unhealthy(Row row) {
        return new UnhealthyGpu(row.getString("uuid"), row.getString("cluster"), row.getLong("node_id"),
                row.getString("node"), row.getInteger("gpu_index"), row.getString("product_name"),
                row.getString("health"), row.getString("health_reason"), row.getOffsetDateTime("health_at"),
                HealthEvidence.of(row.getJsonArray("health_evidence")),
                HealthAdvice.of(row.getJsonArray("health_advice")));
    }
}
