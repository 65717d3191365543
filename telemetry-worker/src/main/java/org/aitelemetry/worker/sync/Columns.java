package org.aitelemetry.worker.sync;

import java.util.Collection;
import java.util.function.Function;

/** Turns a batch of rows into the column arrays that {@code unnest(...)} upserts take: one statement per batch. */
final class Columns {

    private Columns() {
    }

    static <R> String[] text(Collection<R> rows, Function<R, String> column) {
        return rows.stream().map(column).toArray(String[]::new);
    }

    static <R> Long[] bigint(Collection<R> rows, Function<R, Long> column) {
        return rows.stream().map(column).toArray(Long[]::new);
    }

    static <R> Integer[] integer(Collection<R> rows, Function<R, Integer> column) {
        return rows.stream().map(column).toArray(Integer[]::new);
    }

    static <R> Double[] float8(Collection<R> rows, Function<R, Double> column) {
        return rows.stream().map(column).toArray(Double[]::new);
    }

    static <R> Boolean[] bool(Collection<R> rows, Function<R, Boolean> column) {
        return rows.stream().map(column).toArray(Boolean[]::new);
    }
}
