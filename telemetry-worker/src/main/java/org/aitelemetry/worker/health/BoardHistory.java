package org.aitelemetry.worker.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
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
            SELECT board, count(*) AS failures FROM gpu_failure
            WHERE board = ANY($1) AND failed_at > $2 GROUP BY board""";
    private static final String RECORD = """
            INSERT INTO gpu_failure (board, serial, gpu_uuid, cluster, node, run_id, evidence, failed_at)
            SELECT u.board, u.serial, u.uuid, u.cluster, u.node, $1, u.evidence::jsonb, $2
            FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
                 AS u(board, serial, uuid, cluster, node, evidence)""";

    /** A GPU that just turned FAILED. */
    public record Failure(String board, String serial, String uuid, String cluster, String node,
            List<Evidence> evidence) {
    }

    private final Duration window;

    BoardHistory(HealthConfig config) {
        this.window = config.repeatWindow();
    }

    /** Each board's failures within the window before {@code at}; boards with none are absent. */
    public Uni<Map<String, Long>> failures(SqlConnection connection, List<String> boards, Instant at) {
        if (boards.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return connection.preparedQuery(FAILURES).execute(Tuple.of(boards.toArray(String[]::new),
                at.minus(window).atOffset(ZoneOffset.UTC))).map(rows -> {
                    Map<String, Long> failures = new HashMap<>();
                    rows.forEach(row -> failures.put(row.getString("board"), row.getLong("failures")));
                    return failures;
                });
    }

    public Uni<Void> record(SqlConnection connection, UUID runId, Instant at, List<Failure> failures) {
        if (failures.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        Tuple rows = Tuple.tuple().addUUID(runId).addOffsetDateTime(at.atOffset(ZoneOffset.UTC))
                .addArrayOfString(failures.stream().map(Failure::board).toArray(String[]::new))
                .addArrayOfString(failures.stream().map(Failure::serial).toArray(String[]::new))
                .addArrayOfString(failures.stream().map(Failure::uuid).toArray(String[]::new))
                .addArrayOfString(failures.stream().map(Failure::cluster).toArray(String[]::new))
                .addArrayOfString(failures.stream().map(Failure::node).toArray(String[]::new))
                .addArrayOfString(failures.stream().map(f -> EvidenceJson.evidence(f.evidence()))
                        .toArray(String[]::new));
        return connection.preparedQuery(RECORD).execute(rows).replaceWithVoid();
    }

    public String windowText() {
        return window.toDays() + " days";
    }
}
