package org.aitelemetry.worker.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.model.usage.CloseReason;
import org.aitelemetry.model.usage.SessionState;
import org.aitelemetry.worker.pipeline.AlertStatus;
import org.aitelemetry.worker.span.OutboxEntry;
import org.aitelemetry.worker.sql.Columns;
import org.aitelemetry.worker.sql.SqlValues;

/** Reads and writes sessions and notifications on a connection the caller holds in a transaction, under the lock. */
final class SessionStore {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, String>> LABELS = new TypeReference<>() {
    };

    private final OutboxEntry outbox;
    private final boolean startSpans;

    SessionStore(OutboxEntry outbox, boolean startSpans) {
        this.outbox = outbox;
        this.startSpans = startSpans;
    }

    /** Takes one shard's writer lock until the transaction ends. */
    static Uni<Void> lockShard(SqlConnection connection, int shard) {
        return connection.preparedQuery(SessionSql.LOCK_SHARD).execute(Tuple.of(shard)).replaceWithVoid();
    }

    /** Takes every shard's writer lock until the transaction ends: for work across all sessions. */
    static Uni<Void> lockAll(SqlConnection connection) {
        return connection.query(SessionSql.LOCK_ALL).execute().replaceWithVoid();
    }

    /** The shard's oldest pending notifications, in arrival order. */
    static Uni<List<AlertNotification>> pending(SqlConnection connection, int shard, int limit) {
        return connection.preparedQuery(SessionSql.PENDING_NOTIFICATIONS).execute(Tuple.of(limit, shard))
                .map(rows -> SqlValues.list(rows, SessionStore::notification));
    }

    /** Every session the notifications may touch: those they name, and the live and latest one of each fingerprint. */
    static Uni<List<Session>> sessionsFor(SqlConnection connection, List<AlertNotification> notifications) {
        String[] fingerprints = notifications.stream().map(AlertNotification::fingerprint).distinct()
                .toArray(String[]::new);
        return connection.preparedQuery(SessionSql.SESSIONS_FOR)
                .execute(Tuple.of(Columns.text(notifications, AlertNotification::fingerprint),
                        Columns.timestamptz(notifications, AlertNotification::startsAt), fingerprints))
                .map(rows -> SqlValues.list(rows, SessionStore::session));
    }

    /** Writes what a drain decided: changed sessions first, so a superseded session is no longer live when its successor is inserted. */
    Uni<Void> write(SqlConnection connection, int shard, SessionLedger ledger, List<AlertNotification> processed) {
        return update(connection, ledger.changed())
                .chain(() -> insert(connection, ledger.created()))
                .chain(() -> dequeue(connection, shard, processed));
    }

    /** Takes notifications off the shard's queue: applied, or set aside by the processor's isolation of bad data. */
    static Uni<Void> dequeue(SqlConnection connection, int shard, List<AlertNotification> notifications) {
        return connection.preparedQuery(SessionSql.DEQUEUE)
                .execute(Tuple.of(shard, Columns.bigint(notifications, AlertNotification::id)))
                .replaceWithVoid();
    }

    /** Removes the queue rows among the shard's oldest {@code limit} whose notification is gone; returns how many. */
    static Uni<Integer> dequeueOrphans(SqlConnection connection, int shard, int limit) {
        return connection.preparedQuery(SessionSql.DEQUEUE_ORPHANS).execute(Tuple.of(limit, shard))
                .map(rows -> rows.rowCount());
    }

    static Uni<List<Session>> finaliseDue(SqlConnection connection, Instant now) {
        return connection.preparedQuery(SessionSql.FINALISE_DUE).execute(Tuple.of(SqlValues.utc(now)))
                .map(rows -> SqlValues.list(rows, SessionStore::session));
    }

    /** Ids and fingerprints of the sessions open since before {@code asOf}. */
    static Uni<Map<Long, String>> openBefore(SqlConnection connection, Instant asOf) {
        return connection.preparedQuery(SessionSql.OPEN_BEFORE).execute(Tuple.of(SqlValues.utc(asOf))).map(rows -> {
            Map<Long, String> open = new LinkedHashMap<>();
            rows.forEach(row -> open.put(row.getLong("id"), row.getString("fingerprint")));
            return open;
        });
    }

    static Uni<List<Session>> closeUnobserved(SqlConnection connection, List<Long> ids, Instant end) {
        return connection.preparedQuery(SessionSql.CLOSE_UNOBSERVED)
                .execute(Tuple.of(ids.toArray(Long[]::new), SqlValues.utc(end)))
                .map(rows -> SqlValues.list(rows, SessionStore::session));
    }

    private static Uni<Void> update(SqlConnection connection, List<Session> sessions) {
        if (sessions.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return connection.preparedQuery(SessionSql.UPDATE_SESSIONS).execute(Tuple.tuple()
                .addArrayOfLong(Columns.bigint(sessions, Session::id))
                .addArrayOfString(Columns.text(sessions, session -> session.state().name()))
                .addArrayOfOffsetDateTime(Columns.timestamptz(sessions, Session::endsAt))
                .addArrayOfString(Columns.text(sessions, session -> reason(session.closeReason())))
                .addArrayOfOffsetDateTime(Columns.timestamptz(sessions, Session::finalizeAfter))
                .addArrayOfOffsetDateTime(Columns.timestamptz(sessions, Session::lastSeenAt))
                .addArrayOfOffsetDateTime(Columns.timestamptz(sessions, Session::currentStartsAt))
                .addArrayOfInteger(Columns.integer(sessions, Session::duplicates))
                .addArrayOfInteger(Columns.integer(sessions, Session::lateDuplicates)))
                .replaceWithVoid();
    }

    private Uni<Void> insert(SqlConnection connection, List<Session> sessions) {
        if (sessions.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        List<SessionLabels> named = sessions.stream().map(Session::named).toList();
        List<OutboxEntry.Trace> traces = sessions.stream()
                .map(session -> outbox.traceOf(session.fingerprint(), session.startsAt())).toList();
        return connection.preparedQuery(SessionSql.INSERT_SESSIONS).execute(Tuple.tuple()
                .addArrayOfString(Columns.text(sessions, Session::fingerprint))
                .addArrayOfOffsetDateTime(Columns.timestamptz(sessions, Session::startsAt))
                .addArrayOfOffsetDateTime(Columns.timestamptz(sessions, Session::endsAt))
                .addArrayOfString(Columns.text(sessions, session -> session.state().name()))
                .addArrayOfString(Columns.text(sessions, session -> reason(session.closeReason())))
                .addArrayOfOffsetDateTime(Columns.timestamptz(sessions, Session::finalizeAfter))
                .addArrayOfString(Columns.text(sessions, Session::alertName))
                .addArrayOfString(Columns.text(sessions, session -> SqlValues.json(session.labels())))
                .addArrayOfString(Columns.text(named, SessionLabels::cluster))
                .addArrayOfString(Columns.text(named, SessionLabels::node))
                .addArrayOfString(Columns.text(named, SessionLabels::gpuUuid))
                .addArrayOfInteger(Columns.integer(named, SessionLabels::gpuIndex))
                .addArrayOfString(Columns.text(named, SessionLabels::gpuModel))
                .addArrayOfInteger(Columns.integer(named, SessionLabels::gpuInstanceId))
                .addArrayOfString(Columns.text(named, SessionLabels::migProfile))
                .addArrayOfString(Columns.text(named, SessionLabels::namespace))
                .addArrayOfString(Columns.text(named, SessionLabels::pod))
                .addArrayOfString(Columns.text(named, SessionLabels::container))
                .addArrayOfOffsetDateTime(Columns.timestamptz(sessions, Session::lastSeenAt))
                .addArrayOfString(Columns.text(traces, OutboxEntry.Trace::traceId))
                .addArrayOfString(Columns.text(traces, OutboxEntry.Trace::spanId))
                .addArrayOfString(Columns.text(traces, OutboxEntry.Trace::url))
                .addArrayOfBoolean(Columns.bool(sessions, session -> startSpans))
                .addArrayOfInteger(Columns.integer(sessions, Session::duplicates))
                .addArrayOfInteger(Columns.integer(sessions, Session::lateDuplicates)))
                .replaceWithVoid();
    }

    private static AlertNotification notification(Row row) {
        return new AlertNotification(row.getLong("id"), row.getString("fingerprint"),
                AlertStatus.valueOf(row.getString("status")), SqlValues.instant(row, "starts_at"),
                SqlValues.instant(row, "ends_at"), labels(row.getString("labels")),
                SqlValues.instant(row, "received_at"));
    }

    private static Session session(Row row) {
        String reason = row.getString("close_reason");
        SessionKey key = new SessionKey(row.getString("fingerprint"), SqlValues.instant(row, "starts_at"));
        return new Session(row.getLong("id"), key, row.getString("alert_name"), labels(row.getString("labels")),
                SessionState.valueOf(row.getString("state")), reason == null ? null : CloseReason.valueOf(reason),
                SqlValues.instant(row, "ends_at"), SqlValues.instant(row, "finalize_after"),
                SqlValues.instant(row, "last_seen_at"), SqlValues.instant(row, "current_starts_at"),
                row.getInteger("duplicates"), row.getInteger("late_duplicates"));
    }

    private static String reason(CloseReason reason) {
        return reason == null ? null : reason.name();
    }

    private static Map<String, String> labels(String json) {
        try {
            return JSON.readValue(json, LABELS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored labels are not a JSON object of strings", e);
        }
    }
}
