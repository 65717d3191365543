package org.aitelemetry.site.api;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/** The site's one set of helpers for reading query results and binding values: rows, times, arrays and JSON. */
public final class Rows {

    private Rows() {
    }

    /** The first row mapped, or null when there is none (resources answer 404 for null). */
    public static <T> T first(RowSet<Row> rows, Function<Row, T> mapper) {
        return rows.size() == 0 ? null : mapper.apply(rows.iterator().next());
    }

    /** Every row mapped, in order. */
    public static <T> List<T> all(RowSet<Row> rows, Function<Row, T> mapper) {
        List<T> items = new ArrayList<>(rows.size());
        rows.forEach(row -> items.add(mapper.apply(row)));
        return items;
    }

    /** The item, or a 404 problem naming what was missing. */
    public static <T> T found(T item, String what) {
        if (item == null) {
            throw ApiProblem.notFound(what);
        }
        return item;
    }

    /** A {@code text[]} column as a list; SQL NULL as an empty one. */
    public static List<String> strings(Row row, String column) {
        String[] values = row.getArrayOfStrings(column);
        return values == null ? List.of() : Arrays.asList(values);
    }

    /** A {@code json}/{@code jsonb} object column as a map; SQL NULL as an empty one. */
    public static Map<String, Object> map(Row row, String column) {
        JsonObject json = row.getJsonObject(column);
        return json == null ? Map.of() : json.getMap();
    }

    /** The objects of a jsonb array, read defensively: null or a stray non-object entry is skipped, never an error. */
    public static Stream<JsonObject> objects(JsonArray array) {
        return array == null ? Stream.empty()
                : array.stream().filter(JsonObject.class::isInstance).map(JsonObject.class::cast);
    }

    /** An instant as the client binds it to {@code timestamptz} (UTC); null stays null: optional filters stay out. */
    public static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }
}
