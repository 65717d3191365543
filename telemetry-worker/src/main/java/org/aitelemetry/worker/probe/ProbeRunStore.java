package org.aitelemetry.worker.probe;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.aitelemetry.worker.health.Advice;
import org.aitelemetry.worker.health.Evidence;
import org.aitelemetry.worker.health.EvidenceJson;
import org.aitelemetry.worker.health.GpuHistory;
import org.aitelemetry.worker.health.GpuScore;

/** The probe_run and probe_result rows of a run, in the caller's transaction. */
@ApplicationScoped
public class ProbeRunStore {

    /**
     * Idempotent by run id: a replay, or the loser of two concurrent posts of one run, inserts nothing and gets no row.
     * The node is the one node of the given name (the report's hostname, or the node of a node-scoped token) in the token's
     * cluster when it names one, none when ambiguous; a request id that names no health-check request is dropped rather
     * than refused, as the report itself
     * is still worth keeping.
     */
    private static final String INSERT_RUN = """
            INSERT INTO probe_run (run_id, node_id, hostname, request_id, schema_version, probe_version, started_at,
                                   finished_at, exit_code, verdict, report)
            VALUES ($1, (SELECT min(n.id) FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
                         WHERE n.name = $11 AND ($12::text IS NULL OR c.name = $12) HAVING count(*) = 1), $2,
                    (SELECT id FROM health_check_request WHERE id = $3), $4, $5, $6, $7, $8, $9, $10::text::jsonb)
            ON CONFLICT (run_id) DO NOTHING
            RETURNING id, node_id""";
    private static final String INSERT_RESULTS = """
            INSERT INTO probe_result (probe_run_id, gpu_uuid, device_id, verdict, reasons, tests, slow_tests, failed_tests,
                                      evidence, advice, serial, product_name, figures)
            SELECT $1, u.uuid, (SELECT id FROM gpu_device WHERE uuid = u.uuid), u.verdict,
                   ARRAY(SELECT left(reason, 2000) FROM jsonb_array_elements_text(u.reasons::jsonb) AS reason), u.tests::json,
                   ARRAY(SELECT jsonb_array_elements_text(u.slow::jsonb)),
                   ARRAY(SELECT jsonb_array_elements_text(u.failed::jsonb)), u.evidence::jsonb, u.advice::jsonb,
                   u.serial, u.product, u.figures::jsonb
            FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                        $10::text[], $11::text[], $12::text[])
                 WITH ORDINALITY AS u(uuid, verdict, reasons, tests, slow, failed, evidence, advice, serial, product, figures,
                                      n)
            ORDER BY u.n
            RETURNING gpu_uuid, device_id, verdict AS gpu_verdict, reasons""";
    /**
     * Each GPU's latest stored run that started before this one: what it left to confirm (slow and failed tests).
     * Walked newest first by the (gpu_uuid, probe_run_id) index, so the cost does not grow with a GPU's history.
     */
    private static final String PREVIOUS_RUN = """
            SELECT u.uuid AS gpu_uuid, last.slow_tests, last.failed_tests
            FROM unnest($1::text[]) AS u(uuid)
            CROSS JOIN LATERAL (
              SELECT r.slow_tests, r.failed_tests FROM probe_result r JOIN probe_run p ON p.id = r.probe_run_id
              WHERE r.gpu_uuid = u.uuid AND p.run_id <> $2 AND p.started_at < $3
              ORDER BY r.probe_run_id DESC LIMIT 1) AS last""";
    private static final String LOAD = """
            SELECT p.run_id, p.hostname, p.node_id, p.verdict, r.gpu_uuid, r.device_id, r.verdict AS gpu_verdict, r.reasons
            FROM probe_run p LEFT JOIN probe_result r ON r.probe_run_id = p.id
            WHERE p.run_id = $1 ORDER BY r.id""";

    /** A newly inserted run. */
    public record Inserted(long id, Long nodeId) {
    }

    public Uni<Map<String, GpuHistory>> history(SqlConnection connection, ProbeReport report) {
        String[] uuids = report.gpus().stream().map(gpu -> gpu.tests().uuid()).toArray(String[]::new);
        return connection.preparedQuery(PREVIOUS_RUN).execute(Tuple.tuple().addArrayOfString(uuids)
                .addUUID(report.runId()).addOffsetDateTime(report.startedAt().atOffset(ZoneOffset.UTC))).map(rows -> {
                    Map<String, GpuHistory> history = new HashMap<>();
                    rows.forEach(row -> history.put(row.getString("gpu_uuid"), new GpuHistory(
                            Set.of(row.getArrayOfStrings("slow_tests")), Set.of(row.getArrayOfStrings("failed_tests")))));
                    return history;
                });
    }

    /** Null item when the run is stored already. */
    public Uni<Inserted> insertRun(SqlConnection connection, ProbeReport report, ProbeNodeScope.Node node,
            String verdict) {
        Tuple run = Tuple.tuple().addUUID(report.runId()).addString(report.hostname()).addUUID(report.requestId())
                .addString(report.schemaVersion()).addString(report.probeVersion())
                .addOffsetDateTime(report.startedAt().atOffset(ZoneOffset.UTC))
                .addOffsetDateTime(report.finishedAt().atOffset(ZoneOffset.UTC)).addInteger(report.exitCode())
                .addString(verdict).addString(report.json()).addString(node.name()).addString(node.cluster());
        return connection.preparedQuery(INSERT_RUN).execute(run).map(rows -> {
            RowIterator<Row> inserted = rows.iterator();
            if (!inserted.hasNext()) {
                return null;
            }
            Row row = inserted.next();
            return new Inserted(row.getLong("id"), row.getLong("node_id"));
        });
    }

    /**
     * @param verdict the run's verdict, as {@link #insertRun} stored it
     * @param advice  what to do about each GPU's run on its own, by UUID
     * @return the stored run as a replay would {@link #load} it, from the rows just written
     */
    public Uni<StoredRun> insertResults(SqlConnection connection, ProbeReport report, Inserted run, String verdict,
            List<GpuScore> scores, Map<String, List<Advice>> advice) {
        List<GpuReport> gpus = report.gpus();
        Tuple results = Tuple.tuple().addLong(run.id())
                .addArrayOfString(column(scores, GpuScore::uuid))
                .addArrayOfString(column(scores, score -> score.verdict().name()))
                .addArrayOfString(column(scores, score -> EvidenceJson.strings(score.evidence().stream()
                        .map(Evidence::summary).toList())))
                .addArrayOfString(gpus.stream().map(GpuReport::testsJson).toArray(String[]::new))
                .addArrayOfString(column(scores, score -> EvidenceJson.strings(score.slowTests())))
                .addArrayOfString(column(scores, score -> EvidenceJson.strings(score.failedTests())))
                .addArrayOfString(column(scores, score -> EvidenceJson.evidence(score.evidence())))
                .addArrayOfString(column(scores, score -> EvidenceJson.advice(advice.get(score.uuid()))))
                .addArrayOfString(column(scores, score -> score.gpu().serial()))
                .addArrayOfString(column(scores, score -> score.gpu().productName()))
                .addArrayOfString(column(scores, score -> EvidenceJson.figures(score.gpu())));
        return connection.preparedQuery(INSERT_RESULTS).execute(results).map(rows -> {
            Map<String, StoredRun.Gpu> stored = new HashMap<>();
            rows.forEach(row -> stored.put(row.getString("gpu_uuid"), storedGpu(row)));
            return new StoredRun(report.runId(), report.hostname(), run.nodeId(), verdict,
                    scores.stream().map(score -> stored.get(score.uuid())).toList());
        });
    }

    public Uni<StoredRun> load(SqlConnection connection, UUID runId) {
        return connection.preparedQuery(LOAD).execute(Tuple.of(runId)).map(rows -> {
            Row first = rows.iterator().next();
            List<StoredRun.Gpu> gpus = new ArrayList<>();
            for (Row row : rows) {
                if (row.getString("gpu_uuid") != null) {
                    gpus.add(storedGpu(row));
                }
            }
            return new StoredRun(first.getUUID("run_id"), first.getString("hostname"), first.getLong("node_id"),
                    first.getString("verdict"), gpus);
        });
    }

    private static StoredRun.Gpu storedGpu(Row row) {
        return new StoredRun.Gpu(row.getString("gpu_uuid"), row.getLong("device_id"), row.getString("gpu_verdict"),
                Arrays.asList(row.getArrayOfStrings("reasons")));
    }

    private static String[] column(List<GpuScore> scores, Function<GpuScore, String> value) {
        return scores.stream().map(value).toArray(String[]::new);
    }

}
