package org.aitelemetry.worker.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.worker.health.VerdictChange.Scope;
import org.aitelemetry.worker.sql.SqlValues;

/**
 * Applies runs' GPU scores to the GPUs the fleet knows, in the caller's transaction, with their history: recovery by
 * clean runs ({@link VerdictTransition}), a board that turns FAILED recorded in {@link BoardHistory} and flagged when it
 * is a repeat offender, advice from {@link Remediation}. A run older than the verdict a GPU has (a late retry) changes
 * nothing, unless that verdict's time lies in the future: a stored future time never blocks newer runs.
 */
@ApplicationScoped
class DeviceVerdicts {

    private static final int REASON_WIDTH = 2000;

    private final BoardHistory boards;
    private final Remediation remediation;
    private final int recoveryRuns;

    DeviceVerdicts(BoardHistory boards, Remediation remediation, HealthConfig config) {
        this.boards = boards;
        this.remediation = remediation;
        this.recoveryRuns = config.recoveryRuns();
    }

    private record Applied(GpuScore score, ScoredRun run, Row device, VerdictTransition.Outcome outcome) {

        HealthVerdict previous() {
            return HealthVerdict.valueOf(device.getString("health"));
        }

        boolean turnedFailed() {
            return outcome.verdict() == HealthVerdict.FAILED && previous() != HealthVerdict.FAILED;
        }

        String board() {
            String serial = score.gpu().serial() != null ? score.gpu().serial() : device.getString("serial");
            return serial == null || serial.isBlank() ? score.uuid() : serial;
        }
    }

    /** Applies the runs of a batch, which holds no GPU twice. */
    Uni<List<VerdictChange>> apply(SqlConnection connection, List<ScoredRun> runs) {
        Map<String, ScoredRun> runOfGpu = new LinkedHashMap<>();
        Map<String, GpuScore> scores = new HashMap<>();
        runs.forEach(run -> run.scores().forEach(score -> {
            runOfGpu.put(score.uuid(), run);
            scores.put(score.uuid(), score);
        }));
        return connection.preparedQuery(HealthSql.LOCK_DEVICES).execute(Tuple.tuple()
                        .addArrayOfString(runOfGpu.keySet().toArray(String[]::new)))
                .map(devices -> transitions(devices, runOfGpu, scores))
                .chain(applied -> boards.failures(connection, applied.stream().filter(Applied::turnedFailed)
                        .map(gpu -> new BoardHistory.Since(gpu.board(), gpu.run().at())).toList())
                        .chain(failures -> write(connection, applied, failures)));
    }

    private List<Applied> transitions(RowSet<Row> devices, Map<String, ScoredRun> runOfGpu,
            Map<String, GpuScore> scores) {
        Instant now = Instant.now();
        List<Applied> applied = new ArrayList<>();
        for (Row device : devices) {
            String uuid = device.getString("uuid");
            ScoredRun run = runOfGpu.get(uuid);
            Instant healthAt = SqlValues.instant(device, "health_at");
            if (healthAt != null && healthAt.isAfter(run.at()) && !healthAt.isAfter(now)) {
                continue;
            }
            GpuScore score = scores.get(uuid);
            VerdictTransition.Outcome outcome = VerdictTransition.next(
                    HealthVerdict.valueOf(device.getString("health")),
                    EvidenceJson.readEvidence(device.getString("evidence")), device.getInteger("health_clean_runs"),
                    score, recoveryRuns);
            applied.add(new Applied(score, run, device, outcome));
        }
        return applied;
    }

    private Uni<List<VerdictChange>> write(SqlConnection connection, List<Applied> applied,
            Map<String, Long> failures) {
        List<String> uuids = new ArrayList<>();
        List<String> verdicts = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        List<String> evidenceJson = new ArrayList<>();
        List<String> adviceJson = new ArrayList<>();
        List<Integer> clean = new ArrayList<>();
        List<OffsetDateTime> times = new ArrayList<>();
        List<BoardHistory.Failure> newFailures = new ArrayList<>();
        List<VerdictChange> changes = new ArrayList<>();
        for (Applied gpu : applied) {
            List<Evidence> evidence = new ArrayList<>(gpu.outcome().evidence());
            if (gpu.turnedFailed()) {
                long before = failures.getOrDefault(gpu.board(), 0L);
                if (before >= 1) {
                    evidence.add(new Evidence(EvidenceKind.REPEAT_OFFENDER, null, "board " + gpu.board()
                            + " failed " + (before + 1) + " times within " + boards.windowText(),
                            Map.of("board", gpu.board(), "failures", Long.toString(before + 1))));
                }
                newFailures.add(new BoardHistory.Failure(gpu.board(), gpu.score().gpu().serial(), gpu.score().uuid(),
                        gpu.device().getString("cluster"), gpu.device().getString("node"), evidence,
                        gpu.run().runId(), gpu.run().at()));
            }
            List<Advice> advice = remediation.advise(evidence);
            List<String> summaries = evidence.stream().map(Evidence::summary).toList();
            uuids.add(gpu.score().uuid());
            verdicts.add(gpu.outcome().verdict().name());
            reasons.add(summaries.isEmpty() ? null : cut(String.join("; ", summaries)));
            evidenceJson.add(EvidenceJson.evidence(evidence));
            adviceJson.add(EvidenceJson.advice(advice));
            clean.add(gpu.outcome().cleanRuns());
            times.add(SqlValues.utc(gpu.run().at()));
            if (gpu.previous() != gpu.outcome().verdict()) {
                changes.add(new VerdictChange(Scope.GPU, gpu.device().getString("cluster"),
                        gpu.device().getString("node"), gpu.score().uuid(), gpu.previous(), gpu.outcome().verdict(),
                        summaries, evidence, advice, gpu.run().runId(), gpu.run().at()));
            }
        }
        Tuple update = Tuple.tuple().addArrayOfString(uuids.toArray(String[]::new))
                .addArrayOfString(verdicts.toArray(String[]::new)).addArrayOfString(reasons.toArray(String[]::new))
                .addArrayOfString(evidenceJson.toArray(String[]::new))
                .addArrayOfString(adviceJson.toArray(String[]::new)).addArrayOfInteger(clean.toArray(Integer[]::new))
                .addArrayOfOffsetDateTime(times.toArray(OffsetDateTime[]::new));
        return connection.preparedQuery(HealthSql.UPDATE_DEVICES).execute(update)
                .chain(() -> boards.record(connection, newFailures))
                .replaceWith(changes);
    }

    static String cut(String text) {
        return text.length() > REASON_WIDTH ? text.substring(0, REASON_WIDTH) : text;
    }

    static Stream<Row> stream(RowSet<Row> rows) {
        return StreamSupport.stream(rows.spliterator(), false);
    }
}
