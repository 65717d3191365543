package org.aitelemetry.worker.sql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The worker's one set of conversions between Java values and what the reactive PostgreSQL client binds and returns:
 * times go in at UTC and come out as instants, JSON documents go in as text.
 */
public final class SqlValues {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SqlValues() {
    }

    /** A {@code timestamptz} parameter; null stays null. */
    public static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    /** A {@code timestamptz} column as an instant; null stays null. */
    public static Instant instant(Row row, String column) {
        OffsetDateTime time = row.getOffsetDateTime(column);
        return time == null ? null : time.toInstant();
    }

    /** A {@code json}/{@code jsonb} parameter: the map as a JSON object. */
    public static String json(Map<String, ?> value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value, e);
        }
    }

    /** Every row of a result, mapped, in the order the database returned them. */
    public static <T> List<T> list(RowSet<Row> rows, Function<Row, T> mapper) {
        List<T> list = new ArrayList<>(rows.size());
        rows.forEach(row -> list.add(mapper.apply(row)));
        return list;
    }
}
