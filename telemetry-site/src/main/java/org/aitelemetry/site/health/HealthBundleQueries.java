package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
import org.aitelemetry.site.api.Rows;
import org.aitelemetry.site.health.HealthBundle.Failure;
import org.aitelemetry.site.health.HealthBundle.Gpu;
import org.aitelemetry.site.health.HealthBundleAssembly.RunRow;
import org.aitelemetry.site.health.HealthBundleAssembly.SiblingRow;

/**
 * Reads what a GPU's evidence bundle holds: the device, its last runs, its siblings in the latest run, its SKU's
 * fleet baselines and its board's failures. Inventory, visible to every telemetry role, as the device's health.
 */
@ApplicationScoped
public class HealthBundleQueries {

    static final int RUNS = 10;
    private static final int FAILURES = 50;
    private static final String GPU = """
            SELECT d.uuid, d.serial, g.product_name, c.name AS cluster, n.name AS node, d.gpu_index
            FROM gpu_device d LEFT JOIN gpu g ON g.id = d.gpu_id LEFT JOIN ai_node n ON n.id = d.node_id
            LEFT JOIN ai_cluster c ON c.id = n.cluster_id WHERE d.uuid = $1""";
    private static final String LAST_RUNS = """
            SELECT p.id, p.run_id, p.finished_at, r.verdict, r.evidence, r.tests
            FROM probe_result r JOIN probe_run p ON p.id = r.probe_run_id
            WHERE r.gpu_uuid = $1 ORDER BY p.finished_at DESC, r.id DESC LIMIT""" + " " + RUNS;
    private static final String SIBLINGS = """
            SELECT gpu_uuid, verdict, tests FROM probe_result
            WHERE probe_run_id = $1 AND gpu_uuid <> $2 ORDER BY gpu_uuid""";
    private static final String FLEET = """
            SELECT test_key, median, mad, samples, computed_at FROM fleet_baseline
            WHERE product_name = $1 ORDER BY test_key""";
    /** A board's failures may be keyed by its UUID from runs that could not read the serial. */
    private static final String FAILURES_OF_BOARD = """
            SELECT failed_at, gpu_uuid, cluster, node, run_id, evidence FROM gpu_failure
            WHERE board = ANY($1::varchar[]) ORDER BY failed_at DESC, id DESC LIMIT""" + " " + FAILURES;

    private final Pool pool;
    private final DeviceHealthQueries health;
    private final Clock clock = Clock.systemUTC();

    public HealthBundleQueries(Pool pool, DeviceHealthQueries health) {
        this.pool = pool;
        this.health = health;
    }

    /** The GPU's bundle, or null when there is no such device. */
    public Uni<HealthBundle> bundle(String uuid) {
        return pool.preparedQuery(GPU).execute(Tuple.of(uuid)).map(rows -> Rows.first(rows, HealthBundleQueries::gpu))
                .flatMap(gpu -> gpu == null ? Uni.createFrom().nullItem() : around(gpu));
    }

    private Uni<HealthBundle> around(Gpu gpu) {
        String board = gpu.serial() == null ? gpu.uuid() : gpu.serial();
        return Uni.combine().all().unis(health.current(gpu.uuid()), lastRuns(gpu.uuid()), fleet(gpu.product()),
                failures(gpu))
                .asTuple().flatMap(found -> siblings(found.getItem2(), gpu.uuid()).map(siblings ->
                        HealthBundleAssembly.assemble(Rows.utc(clock.instant()),
                                gpu, found.getItem1(), found.getItem2(), siblings, found.getItem3(), board,
                                found.getItem4())));
    }

    private Uni<List<RunRow>> lastRuns(String uuid) {
        return pool.preparedQuery(LAST_RUNS).execute(Tuple.of(uuid)).map(rows -> Rows.all(rows, row -> new RunRow(
                row.getLong("id"), row.getUUID("run_id"), row.getOffsetDateTime("finished_at"),
                row.getString("verdict"), HealthEvidence.of(row.getJsonArray("evidence")), Rows.map(row, "tests"))));
    }

    /** The other GPUs of the GPU's latest run; none when it was never probed. */
    private Uni<List<SiblingRow>> siblings(List<RunRow> runs, String uuid) {
        if (runs.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return pool.preparedQuery(SIBLINGS).execute(Tuple.of(runs.get(0).runKey(), uuid))
                .map(rows -> Rows.all(rows, row -> new SiblingRow(row.getString("gpu_uuid"), row.getString("verdict"),
                        Rows.map(row, "tests"))));
    }

    private Uni<List<HealthBundleAssembly.BaselineRow>> fleet(String product) {
        if (product == null) {
            return Uni.createFrom().item(List.of());
        }
        return pool.preparedQuery(FLEET).execute(Tuple.of(product)).map(rows -> Rows.all(rows,
                row -> new HealthBundleAssembly.BaselineRow(row.getString("test_key"), row.getDouble("median"),
                        row.getDouble("mad"), row.getInteger("samples"), row.getOffsetDateTime("computed_at"))));
    }

    private Uni<List<Failure>> failures(Gpu gpu) {
        String[] boards = gpu.serial() == null ? new String[] {gpu.uuid()} : new String[] {gpu.serial(), gpu.uuid()};
        return pool.preparedQuery(FAILURES_OF_BOARD).execute(Tuple.of(boards)).map(rows -> Rows.all(rows,
                row -> new Failure(row.getOffsetDateTime("failed_at"), row.getString("gpu_uuid"),
                        row.getString("cluster"), row.getString("node"), row.getUUID("run_id"),
                        HealthEvidence.of(row.getJsonArray("evidence")))));
    }

    private static Gpu gpu(Row row) {
        return new Gpu(row.getString("uuid"), row.getString("serial"), row.getString("product_name"),
                row.getString("cluster"), row.getString("node"), row.getInteger("gpu_index"));
    }
}
