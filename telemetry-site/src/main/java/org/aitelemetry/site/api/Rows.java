package org.aitelemetry.site.api;

import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Small helpers for reading query results. */
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
}
