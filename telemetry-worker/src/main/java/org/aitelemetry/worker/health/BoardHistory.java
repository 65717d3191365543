package org.aitelemetry.worker.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A board's failures wherever it was ({@code gpu_failure}), keyed by its serial (the UUID when none is known), so that
 * a GPU moved to another node or cluster keeps its history; two within {@code telemetry.health.repeat-window} make
 * it a repeat offender.
 */
@ApplicationScoped
public class BoardHistory {

    private static final String FAILURES = """
            SELECT u.board, count(*) AS failures
            FROM unnest($1::text[], $2::timestamptz[]) AS u(board, since)
            JOIN gpu_failure f ON f.board = u.board AND f.failed_at > u.since GROUP BY u.board""";
    private static final String RECORD = """
            INSERT INTO gpu_failure (board, serial, gpu_uuid, cluster, node, run_id, evidence, failed_at)
            SELECT u.board, u.serial, u.uuid, u.cluster, u.node, u.run_id, u.evidence::jsonb, u.failed_at
            FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[],
                        $8::timestamptz[])
                 AS u(board, serial, uuid, cluster, node, evidence, run_id, failed_at)""";

    /** A GPU that just turned FAILED, by the run {@code runId} that finished at {@code at}. */
    public record Failure(String board, String serial, String uuid, String cluster, String node,
            List<Evidence> evidence, UUID runId, Instant at) {
    }

    /** A board whose failures within the window before {@code at} are wanted. */
    public record Since(String board, Instant at) {
    }

    private final Duration window;

    BoardHistory(HealthConfig config) {
        this.window = config.repeatWindow();
    }

    /** Each board's failures within the window before its time; boards with none are absent. */
    public Uni<Map<String, Long>> failures(SqlConnection connection, List<Since> boards) {
        if (boards.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        Tuple lookup = Tuple.tuple().addArrayOfString(boards.stream().map(Since::board).toArray(String[]::new))
                .addArrayOfOffsetDateTime(boards.stream()
                        .map(board -> board.at().minus(window).atOffset(ZoneOffset.UTC)).toArray(OffsetDateTime[]::new));
        return connection.preparedQuery(FAILURES).execute(lookup).map(rows -> {
            Map<String, Long> failures = new HashMap<>();
            rows.forEach(row -> failures.put(row.getString("board"), row.getLong("failures")));
            return failures;
        });
    }

    public Uni<Void> record(SqlConnection connection, List<Failure> failures) {
        if (failures.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        Tuple rows = Tuple.tuple()
                .addArrayOfString(failures.stream().map(Failure::board).toArray(String[]::new))
                .addArrayOfString(failures.stream().map(Failure::serial).toArray(String[]::new))
                .addArrayOfString(failures.stream().map(Failure::uuid).toArray(String[]::new))
                .addArrayOfString(failures.stream().map(Failure::cluster).toArray(String[]::new))
                .addArrayOfString(failures.stream().map(Failure::node).toArray(String[]::new))
                .addArrayOfString(failures.stream().map(f -> EvidenceJson.evidence(f.evidence()))
                        .toArray(String[]::new))
                .addArrayOfUUID(failures.stream().map(Failure::runId).toArray(UUID[]::new))
                .addArrayOfOffsetDateTime(failures.stream().map(f -> f.at().atOffset(ZoneOffset.UTC))
                        .toArray(OffsetDateTime[]::new));
        return connection.preparedQuery(RECORD).execute(rows).replaceWithVoid();
    }

    public String windowText() {
        return window.toDays() + " days";
    }
}
