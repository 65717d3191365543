package org.aitelemetry.worker.probe;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.aitelemetry.worker.health.Advice;
import org.aitelemetry.worker.health.Evidence;
import org.aitelemetry.worker.health.EvidenceJson;
import org.aitelemetry.worker.health.GpuHistory;
import org.aitelemetry.worker.health.GpuScore;

/**
 * The probe_run and probe_result rows of a batch of runs, in the caller's transaction; each statement takes every run
 * of the batch at once (a batch holds no GPU twice: {@link ProbeRunBatches}).
 */
@ApplicationScoped
public class ProbeRunStore {

    /**
     * Idempotent by run id: a replay, or the loser of two concurrent posts of one run, inserts nothing and gets no row;
     * rows go in in run-id order, so that two batches holding the same runs wait for each other instead of
     * deadlocking. The node is the one node of the given name (the report's hostname, or the node of a node-scoped
     * token) in the token's cluster when it names one, none when ambiguous; a request id that names no health-check
     * request is dropped rather than refused, as the report itself is still worth keeping.
     */
    private static final String INSERT_RUNS = """
            INSERT INTO probe_run (run_id, node_id, hostname, request_id, schema_version, probe_version, started_at,
                                   finished_at, exit_code, verdict, report)
            SELECT u.run_id, (SELECT min(n.id) FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
                              WHERE n.name = u.node AND (u.cluster IS NULL OR c.name = u.cluster) HAVING count(*) = 1),
                   u.hostname, (SELECT id FROM health_check_request WHERE id = u.request_id), u.schema_version,
                   u.probe_version, u.started_at, u.finished_at, u.exit_code, u.verdict, u.report::jsonb
            FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[],
                        $7::timestamptz[], $8::int[], $9::text[], $10::text[], $11::text[], $12::text[])
                 AS u(run_id, hostname, request_id, schema_version, probe_version, started_at, finished_at, exit_code,
                      verdict, report, node, cluster)
            ORDER BY u.run_id
            ON CONFLICT (run_id) DO NOTHING
            RETURNING id, node_id, run_id""";
    private static final String INSERT_RESULTS = """
            INSERT INTO probe_result (probe_run_id, gpu_uuid, device_id, verdict, reasons, tests, slow_tests, failed_tests,
                                      evidence, advice, serial, product_name, figures)
            SELECT u.run, u.uuid, (SELECT id FROM gpu_device WHERE uuid = u.uuid), u.verdict,
                   ARRAY(SELECT left(reason, 2000) FROM jsonb_array_elements_text(u.reasons::jsonb) AS reason), u.tests::json,
                   ARRAY(SELECT jsonb_array_elements_text(u.slow::jsonb)),
                   ARRAY(SELECT jsonb_array_elements_text(u.failed::jsonb)), u.evidence::jsonb, u.advice::jsonb,
                   u.serial, u.product, u.figures::jsonb
            FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                        $9::text[], $10::text[], $11::text[], $12::text[])
                 WITH ORDINALITY AS u(run, uuid, verdict, reasons, tests, slow, failed, evidence, advice, serial, product,
                                      figures, n)
            ORDER BY u.n
            RETURNING probe_run_id, gpu_uuid, device_id, verdict AS gpu_verdict, reasons""";
    /**
     * Each GPU's latest stored run that started before the one being scored: what it left to confirm (slow and failed
     * tests). Walked newest first by the (gpu_uuid, probe_run_id) index, so the cost does not grow with a GPU's history.
     */
    private static final String PREVIOUS_RUN = """
            SELECT u.run_id, u.uuid AS gpu_uuid, last.slow_tests, last.failed_tests
            FROM unnest($1::text[], $2::uuid[], $3::timestamptz[]) AS u(uuid, run_id, started_at)
            CROSS JOIN LATERAL (
              SELECT r.slow_tests, r.failed_tests FROM probe_result r JOIN probe_run p ON p.id = r.probe_run_id
              WHERE r.gpu_uuid = u.uuid AND p.run_id <> u.run_id AND p.started_at < u.started_at
              ORDER BY r.probe_run_id DESC LIMIT 1) AS last""";
    private static final String LOAD = """
            SELECT p.run_id, p.hostname, p.node_id, p.verdict, r.gpu_uuid, r.device_id, r.verdict AS gpu_verdict, r.reasons
            FROM probe_run p LEFT JOIN probe_result r ON r.probe_run_id = p.id
            WHERE p.run_id = $1 ORDER BY r.id""";

    /** A newly inserted run. */
    public record Inserted(long id, Long nodeId) {
    }

    /** A run scored and about to be stored: its GPUs' scores, the run's verdict, what to do about each GPU. */
    public record Scored(PostedRun posted, List<GpuScore> scores, String verdict,
            Map<String, List<Advice>> advice) {

        ProbeReport report() {
            return posted.report();
        }
    }

    /** Each run's GPUs' history by run id, then by GPU UUID. */
    public Uni<Map<UUID, Map<String, GpuHistory>>> history(SqlConnection connection, List<ProbeReport> reports) {
        List<GpuKey> keys = reports.stream().flatMap(report -> report.gpus().stream()
                .map(gpu -> new GpuKey(gpu.tests().uuid(), report))).toList();
        Tuple lookup = Tuple.tuple().addArrayOfString(column(keys, GpuKey::uuid))
                .addArrayOfUUID(keys.stream().map(key -> key.report().runId()).toArray(UUID[]::new))
                .addArrayOfOffsetDateTime(keys.stream().map(key -> utc(key.report().startedAt()))
                        .toArray(OffsetDateTime[]::new));
        return connection.preparedQuery(PREVIOUS_RUN).execute(lookup).map(rows -> {
            Map<UUID, Map<String, GpuHistory>> history = new HashMap<>();
            rows.forEach(row -> history.computeIfAbsent(row.getUUID("run_id"), run -> new HashMap<>())
                    .put(row.getString("gpu_uuid"), new GpuHistory(Set.of(row.getArrayOfStrings("slow_tests")),
                            Set.of(row.getArrayOfStrings("failed_tests")))));
            return history;
        });
    }

    private record GpuKey(String uuid, ProbeReport report) {
    }

    /** The runs newly inserted, by run id; a run stored already is absent. */
    public Uni<Map<UUID, Inserted>> insertRuns(SqlConnection connection, List<Scored> runs) {
        List<ProbeReport> reports = runs.stream().map(Scored::report).toList();
        Tuple insert = Tuple.tuple()
                .addArrayOfUUID(reports.stream().map(ProbeReport::runId).toArray(UUID[]::new))
                .addArrayOfString(column(reports, ProbeReport::hostname))
                .addArrayOfUUID(reports.stream().map(ProbeReport::requestId).toArray(UUID[]::new))
                .addArrayOfString(column(reports, ProbeReport::schemaVersion))
                .addArrayOfString(column(reports, ProbeReport::probeVersion))
                .addArrayOfOffsetDateTime(reports.stream().map(report -> utc(report.startedAt()))
                        .toArray(OffsetDateTime[]::new))
                .addArrayOfOffsetDateTime(reports.stream().map(report -> utc(report.finishedAt()))
                        .toArray(OffsetDateTime[]::new))
                .addArrayOfInteger(reports.stream().map(ProbeReport::exitCode).toArray(Integer[]::new))
                .addArrayOfString(column(runs, Scored::verdict))
                .addArrayOfString(column(reports, ProbeReport::json))
                .addArrayOfString(column(runs, run -> run.posted().node().name()))
                .addArrayOfString(column(runs, run -> run.posted().node().cluster()));
        return connection.preparedQuery(INSERT_RUNS).execute(insert).map(rows -> {
            Map<UUID, Inserted> inserted = new HashMap<>();
            rows.forEach(row -> inserted.put(row.getUUID("run_id"),
                    new Inserted(row.getLong("id"), row.getLong("node_id"))));
            return inserted;
        });
    }

    /**
     * @param runs     runs {@link #insertRuns} inserted
     * @param inserted what it returned
     * @return each stored run as a replay would {@link #load} it, from the rows just written, in the order of runs
     */
    public Uni<List<StoredRun>> insertResults(SqlConnection connection, List<Scored> runs,
            Map<UUID, Inserted> inserted) {
        List<ScoredGpu> gpus = runs.stream().flatMap(run -> {
            List<GpuReport> reports = run.report().gpus();
            long runRow = inserted.get(run.report().runId()).id();
            return IntStream.range(0, reports.size()).mapToObj(i -> new ScoredGpu(runRow, run.scores().get(i),
                    reports.get(i), run.advice().get(run.scores().get(i).uuid())));
        }).toList();
        Tuple results = Tuple.tuple()
                .addArrayOfLong(gpus.stream().map(ScoredGpu::runRow).toArray(Long[]::new))
                .addArrayOfString(column(gpus, gpu -> gpu.score().uuid()))
                .addArrayOfString(column(gpus, gpu -> gpu.score().verdict().name()))
                .addArrayOfString(column(gpus, gpu -> EvidenceJson.strings(gpu.score().evidence().stream()
                        .map(Evidence::summary).toList())))
                .addArrayOfString(column(gpus, gpu -> gpu.report().testsJson()))
                .addArrayOfString(column(gpus, gpu -> EvidenceJson.strings(gpu.score().slowTests())))
                .addArrayOfString(column(gpus, gpu -> EvidenceJson.strings(gpu.score().failedTests())))
                .addArrayOfString(column(gpus, gpu -> EvidenceJson.evidence(gpu.score().evidence())))
                .addArrayOfString(column(gpus, gpu -> EvidenceJson.advice(gpu.advice())))
                .addArrayOfString(column(gpus, gpu -> gpu.score().gpu().serial()))
                .addArrayOfString(column(gpus, gpu -> gpu.score().gpu().productName()))
                .addArrayOfString(column(gpus, gpu -> EvidenceJson.figures(gpu.score().gpu())));
        return connection.preparedQuery(INSERT_RESULTS).execute(results).map(rows -> {
            Map<String, StoredRun.Gpu> stored = new HashMap<>();
            rows.forEach(row -> stored.put(row.getString("gpu_uuid"), storedGpu(row)));
            return runs.stream().map(run -> new StoredRun(run.report().runId(), run.report().hostname(),
                    inserted.get(run.report().runId()).nodeId(), run.verdict(),
                    run.scores().stream().map(score -> stored.get(score.uuid())).toList())).toList();
        });
    }

    private record ScoredGpu(long runRow, GpuScore score, GpuReport report, List<Advice> advice) {
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

    private static <T> String[] column(List<T> items, Function<T, String> value) {
        return items.stream().map(value).toArray(String[]::new);
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }
}
