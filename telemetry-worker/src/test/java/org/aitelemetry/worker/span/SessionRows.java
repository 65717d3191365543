package org.aitelemetry.worker.span;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Usage-session rows as the session service leaves them, written with SQL: a final session is PENDING and due, an
 * open one with its start span enabled has a PENDING start span. Ids follow {@link SpanIds} of the stored key.
 */
final class SessionRows {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final Pool pool;

    SessionRows(Pool pool) {
        this.pool = pool;
    }

    /** A session on a whole GPU, not yet final and with nothing to export. */
    static Session session(String fingerprint, Instant startsAt) {
        Session session = new Session();
        session.columns.put("fingerprint", fingerprint);
        session.columns.put("starts_at", startsAt);
        session.columns.put("state", "OPEN");
        session.columns.put("alert_name", "GpuInUse");
        session.columns.put("labels", "{\"alertname\": \"GpuInUse\"}");
        session.columns.put("trace_id", SpanIds.traceId(fingerprint, startsAt));
        session.columns.put("span_id", SpanIds.spanId(fingerprint, startsAt, SpanIds.USAGE_SPAN));
        return session;
    }

    long insert(Session session) {
        List<String> names = new ArrayList<>(session.columns.keySet());
        String placeholders = names.stream()
                .map(name -> "$" + (names.indexOf(name) + 1) + (name.equals("labels") ? "::jsonb" : ""))
                .collect(Collectors.joining(", "));
        Tuple values = Tuple.tuple();
        names.forEach(name -> values.addValue(value(session.columns.get(name))));
        return pool.preparedQuery("INSERT INTO usage_session (" + String.join(", ", names) + ") VALUES ("
                        + placeholders + ") RETURNING id")
                .execute(values).await().atMost(PATIENCE).iterator().next().getLong("id");
    }

    List<Row> all(String sql, Object... parameters) {
        List<Row> rows = new ArrayList<>();
        pool.preparedQuery(sql).execute(Tuple.from(parameters)).await().atMost(PATIENCE).forEach(rows::add);
        return rows;
    }

    Row byId(long id) {
        return all("SELECT * FROM usage_session WHERE id = $1", id).get(0);
    }

    void execute(String sql, Object... parameters) {
        all(sql, parameters);
    }

    private static Object value(Object value) {
        return value instanceof Instant instant ? instant.atOffset(ZoneOffset.UTC) : value;
    }

    static final class Session {

        private final Map<String, Object> columns = new LinkedHashMap<>();

        /** Final and due for export, as the session service leaves it at finalisation. */
        Session finalAt(Instant endsAt, String closeReason) {
            columns.put("state", "FINAL");
            columns.put("ends_at", endsAt);
            columns.put("close_reason", closeReason);
            columns.put("export_state", "PENDING");
            columns.put("next_export_at", Instant.now().minusSeconds(1));
            return this;
        }

        /** Its start span is due, as at open with the start span enabled. */
        Session startSpanPending() {
            columns.put("start_export_state", "PENDING");
            columns.put("next_export_at", Instant.now().minusSeconds(1));
            return this;
        }

        Session set(String column, Object value) {
            columns.put(column, value);
            return this;
        }
    }
}
