package org.aitelemetry.worker.probe;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import org.aitelemetry.worker.health.Advice;
import org.aitelemetry.worker.health.Evidence;
import org.aitelemetry.worker.health.EvidenceJson;
import org.aitelemetry.worker.health.GpuHistory;
import org.aitelemetry.worker.health.GpuScore;
import org.aitelemetry.worker.sql.Columns;

/**
 * The probe_run and probe_result rows of a batch of runs, in the caller's transaction; each statement takes every run
 * of the batch at once (a batch holds no GPU twice: {@link ProbeRunBatches}).
 */
@ApplicationScoped
public class ProbeRunStore {

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
        Tuple lookup = Tuple.tuple().addArrayOfString(Columns.text(keys, GpuKey::uuid))
                .addArrayOfUUID(Columns.uuid(keys, key -> key.report().runId()))
                .addArrayOfOffsetDateTime(Columns.timestamptz(keys, key -> key.report().startedAt()));
        return connection.preparedQuery(ProbeSql.PREVIOUS_RUN).execute(lookup).map(rows -> {
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
                .addArrayOfUUID(Columns.uuid(reports, ProbeReport::runId))
                .addArrayOfString(Columns.text(reports, ProbeReport::hostname))
                .addArrayOfUUID(Columns.uuid(reports, ProbeReport::requestId))
                .addArrayOfString(Columns.text(reports, ProbeReport::schemaVersion))
                .addArrayOfString(Columns.text(reports, ProbeReport::probeVersion))
                .addArrayOfOffsetDateTime(Columns.timestamptz(reports, ProbeReport::startedAt))
                .addArrayOfOffsetDateTime(Columns.timestamptz(reports, ProbeReport::finishedAt))
                .addArrayOfInteger(Columns.integer(reports, ProbeReport::exitCode))
                .addArrayOfString(Columns.text(runs, Scored::verdict))
                .addArrayOfString(Columns.text(reports, ProbeReport::json))
                .addArrayOfString(Columns.text(runs, run -> run.posted().node().name()))
                .addArrayOfString(Columns.text(runs, run -> run.posted().node().cluster()));
        return connection.preparedQuery(ProbeSql.INSERT_RUNS).execute(insert).map(rows -> {
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
                .addArrayOfLong(Columns.bigint(gpus, ScoredGpu::runRow))
                .addArrayOfString(Columns.text(gpus, gpu -> gpu.score().uuid()))
                .addArrayOfString(Columns.text(gpus, gpu -> gpu.score().verdict().name()))
                .addArrayOfString(Columns.text(gpus, gpu -> EvidenceJson.strings(gpu.score().evidence().stream()
                        .map(Evidence::summary).toList())))
                .addArrayOfString(Columns.text(gpus, gpu -> gpu.report().testsJson()))
                .addArrayOfString(Columns.text(gpus, gpu -> EvidenceJson.strings(gpu.score().slowTests())))
                .addArrayOfString(Columns.text(gpus, gpu -> EvidenceJson.strings(gpu.score().failedTests())))
                .addArrayOfString(Columns.text(gpus, gpu -> EvidenceJson.evidence(gpu.score().evidence())))
                .addArrayOfString(Columns.text(gpus, gpu -> EvidenceJson.advice(gpu.advice())))
                .addArrayOfString(Columns.text(gpus, gpu -> gpu.score().gpu().serial()))
                .addArrayOfString(Columns.text(gpus, gpu -> gpu.score().gpu().productName()))
                .addArrayOfString(Columns.text(gpus, gpu -> EvidenceJson.figures(gpu.score().gpu())));
        return connection.preparedQuery(ProbeSql.INSERT_RESULTS).execute(results).map(rows -> {
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
        return connection.preparedQuery(ProbeSql.LOAD_RUN).execute(Tuple.of(runId)).map(rows -> {
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
}
