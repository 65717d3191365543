package org.aitelemetry.worker.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.aitelemetry.model.usage.CloseReason;
import org.aitelemetry.model.usage.SessionState;
import org.aitelemetry.worker.pipeline.AlertStatus;
import org.aitelemetry.worker.span.OutboxEntry;

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

    static Uni<Void> lock(SqlConnection connection) {
        return connection.query(SessionSql.LOCK).execute().replaceWithVoid();
    }

    static Uni<List<AlertNotification>> pending(SqlConnection connection, int limit) {
        return connection.preparedQuery(SessionSql.PENDING_NOTIFICATIONS).execute(Tuple.of(limit))
                .map(rows -> map(rows, SessionStore::notification));
    }

    /** Every session the notifications may touch: those they name, and the live and latest one of each fingerprint. */
    static Uni<List<Session>> sessionsFor(SqlConnection connection, List<AlertNotification> notifications) {
        String[] fingerprints = notifications.stream().map(AlertNotification::fingerprint).distinct()
                .toArray(String[]::new);
        return connection.preparedQuery(SessionSql.SESSIONS_FOR)
                .execute(Tuple.of(notifications.stream().map(AlertNotification::fingerprint).toArray(String[]::new),
                        notifications.stream().map(n -> utc(n.startsAt())).toArray(OffsetDateTime[]::new),
                        fingerprints))
                .map(rows -> map(rows, SessionStore::session));
    }

    /** Writes what a drain decided: changed sessions first, so a superseded session is no longer live when its successor is inserted. */
    Uni<Void> write(SqlConnection connection, SessionLedger ledger, List<AlertNotification> processed) {
        return update(connection, ledger.changed())
                .chain(() -> insert(connection, ledger.created()))
                .chain(() -> setAside(connection, processed));
    }

    /** Marks notifications done: applied, or set aside by the processor's isolation of bad data. */
    static Uni<Void> setAside(SqlConnection connection, List<AlertNotification> notifications) {
        return connection.preparedQuery(SessionSql.MARK_PROCESSED)
                .execute(Tuple.of(notifications.stream().map(AlertNotification::id).toArray(Long[]::new)))
                .replaceWithVoid();
    }

    static Uni<List<Session>> finaliseDue(SqlConnection connection, Instant now) {
        return connection.preparedQuery(SessionSql.FINALISE_DUE).execute(Tuple.of(utc(now)))
                .map(rows -> map(rows, SessionStore::session));
    }

    /** Ids and fingerprints of the sessions open since before {@code asOf}. */
    static Uni<Map<Long, String>> openBefore(SqlConnection connection, Instant asOf) {
        return connection.preparedQuery(SessionSql.OPEN_BEFORE).execute(Tuple.of(utc(asOf))).map(rows -> {
            Map<Long, String> open = new LinkedHashMap<>();
            rows.forEach(row -> open.put(row.getLong("id"), row.getString("fingerprint")));
            return open;
        });
    }

    static Uni<List<Session>> closeUnobserved(SqlConnection connection, List<Long> ids, Instant end) {
        return connection.preparedQuery(SessionSql.CLOSE_UNOBSERVED).execute(Tuple.of(ids.toArray(Long[]::new), utc(end)))
                .map(rows -> map(rows, SessionStore::session));
    }

    private static Uni<Void> update(SqlConnection connection, List<Session> sessions) {
        if (sessions.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return connection.preparedQuery(SessionSql.UPDATE_SESSIONS).execute(Tuple.tuple()
                .addArrayOfLong(sessions.stream().map(Session::id).toArray(Long[]::new))
                .addArrayOfString(strings(sessions, session -> session.state().name()))
                .addArrayOfOffsetDateTime(times(sessions, Session::endsAt))
                .addArrayOfString(strings(sessions, session -> reason(session.closeReason())))
                .addArrayOfOffsetDateTime(times(sessions, Session::finalizeAfter))
                .addArrayOfOffsetDateTime(times(sessions, Session::lastSeenAt))
                .addArrayOfOffsetDateTime(times(sessions, Session::currentStartsAt))
                .addArrayOfInteger(sessions.stream().map(Session::duplicates).toArray(Integer[]::new))
                .addArrayOfInteger(sessions.stream().map(Session::lateDuplicates).toArray(Integer[]::new)))
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
                .addArrayOfString(strings(sessions, Session::fingerprint))
                .addArrayOfOffsetDateTime(times(sessions, Session::startsAt))
                .addArrayOfOffsetDateTime(times(sessions, Session::endsAt))
                .addArrayOfString(strings(sessions, session -> session.state().name()))
                .addArrayOfString(strings(sessions, session -> reason(session.closeReason())))
                .addArrayOfOffsetDateTime(times(sessions, Session::finalizeAfter))
                .addArrayOfString(strings(sessions, Session::alertName))
                .addArrayOfString(strings(sessions, session -> json(session.labels())))
                .addArrayOfString(named.stream().map(SessionLabels::cluster).toArray(String[]::new))
                .addArrayOfString(named.stream().map(SessionLabels::node).toArray(String[]::new))
                .addArrayOfString(named.stream().map(SessionLabels::gpuUuid).toArray(String[]::new))
                .addArrayOfInteger(named.stream().map(SessionLabels::gpuIndex).toArray(Integer[]::new))
                .addArrayOfString(named.stream().map(SessionLabels::gpuModel).toArray(String[]::new))
                .addArrayOfInteger(named.stream().map(SessionLabels::gpuInstanceId).toArray(Integer[]::new))
                .addArrayOfString(named.stream().map(SessionLabels::migProfile).toArray(String[]::new))
                .addArrayOfString(named.stream().map(SessionLabels::namespace).toArray(String[]::new))
                .addArrayOfString(named.stream().map(SessionLabels::pod).toArray(String[]::new))
                .addArrayOfString(named.stream().map(SessionLabels::container).toArray(String[]::new))
                .addArrayOfOffsetDateTime(times(sessions, Session::lastSeenAt))
                .addArrayOfString(traces.stream().map(OutboxEntry.Trace::traceId).toArray(String[]::new))
                .addArrayOfString(traces.stream().map(OutboxEntry.Trace::spanId).toArray(String[]::new))
                .addArrayOfString(traces.stream().map(OutboxEntry.Trace::url).toArray(String[]::new))
                .addArrayOfBoolean(sessions.stream().map(session -> startSpans).toArray(Boolean[]::new)))
                .replaceWithVoid();
    }

    private static AlertNotification notification(Row row) {
        return new AlertNotification(row.getLong("id"), row.getString("fingerprint"),
                AlertStatus.valueOf(row.getString("status")), instant(row, "starts_at"), instant(row, "ends_at"),
                labels(row.getString("labels")), instant(row, "received_at"));
    }

    private static Session session(Row row) {
        String reason = row.getString("close_reason");
        return new Session(row.getLong("id"), new SessionKey(row.getString("fingerprint"), instant(row, "starts_at")),
                row.getString("alert_name"), labels(row.getString("labels")),
                SessionState.valueOf(row.getString("state")), reason == null ? null : CloseReason.valueOf(reason),
                instant(row, "ends_at"), instant(row, "finalize_after"), instant(row, "last_seen_at"),
                instant(row, "current_starts_at"), row.getInteger("duplicates"), row.getInteger("late_duplicates"));
    }

    private static <T> List<T> map(RowSet<Row> rows, Function<Row, T> mapper) {
        List<T> mapped = new ArrayList<>(rows.rowCount());
        rows.forEach(row -> mapped.add(mapper.apply(row)));
        return mapped;
    }

    private static String reason(CloseReason reason) {
        return reason == null ? null : reason.name();
    }

    private static String[] strings(List<Session> sessions, Function<Session, String> value) {
        return sessions.stream().map(value).toArray(String[]::new);
    }

    private static OffsetDateTime[] times(List<Session> sessions, Function<Session, Instant> value) {
        return sessions.stream().map(value).map(SessionStore::utc).toArray(OffsetDateTime[]::new);
    }

    private static OffsetDateTime utc(Instant time) {
        return time == null ? null : time.atOffset(ZoneOffset.UTC);
    }

    private static Instant instant(Row row, String column) {
        OffsetDateTime time = row.getOffsetDateTime(column);
        return time == null ? null : time.toInstant();
    }

    private static Map<String, String> labels(String json) {
        try {
            return JSON.readValue(json, LABELS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored labels are not a JSON object of strings", e);
        }
    }

    private static String json(Map<String, String> labels) {
        try {
            return JSON.writeValueAsString(labels);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode labels", e);
        }
    }
}
