package org.aitelemetry.worker.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.worker.sql.Columns;

/**
 * A board's failures wherever it was ({@code gpu_failure}), keyed by its serial (the UUID when none is known), so that
 * a GPU moved to another node or cluster keeps its history; two within {@code telemetry.health.repeat-window} make
 * it a repeat offender.
 */
@ApplicationScoped
public class BoardHistory {

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
        Tuple lookup = Tuple.tuple().addArrayOfString(Columns.text(boards, Since::board))
                .addArrayOfOffsetDateTime(Columns.timestamptz(boards, board -> board.at().minus(window)));
        return connection.preparedQuery(HealthSql.BOARD_FAILURES).execute(lookup).map(rows -> {
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
                .addArrayOfString(Columns.text(failures, Failure::board))
                .addArrayOfString(Columns.text(failures, Failure::serial))
                .addArrayOfString(Columns.text(failures, Failure::uuid))
                .addArrayOfString(Columns.text(failures, Failure::cluster))
                .addArrayOfString(Columns.text(failures, Failure::node))
                .addArrayOfString(Columns.text(failures, failure -> EvidenceJson.evidence(failure.evidence())))
                .addArrayOfUUID(Columns.uuid(failures, Failure::runId))
                .addArrayOfOffsetDateTime(Columns.timestamptz(failures, Failure::at));
        return connection.preparedQuery(HealthSql.RECORD_FAILURES).execute(rows).replaceWithVoid();
    }

    public String windowText() {
        return window.toDays() + " days";
    }
}
