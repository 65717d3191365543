package org.aitelemetry.worker.sql;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.UUID;
import java.util.function.Function;

/**
 * Turns a batch of rows into the column arrays that {@code unnest(...)} statements take: one statement per batch. The
 * worker's one set of array-column helpers.
 */
public final class Columns {

    private Columns() {
    }

    public static <R> String[] text(Collection<R> rows, Function<R, String> column) {
        return rows.stream().map(column).toArray(String[]::new);
    }

    public static <R> Long[] bigint(Collection<R> rows, Function<R, Long> column) {
        return rows.stream().map(column).toArray(Long[]::new);
    }

    public static <R> Integer[] integer(Collection<R> rows, Function<R, Integer> column) {
        return rows.stream().map(column).toArray(Integer[]::new);
    }

    public static <R> Double[] float8(Collection<R> rows, Function<R, Double> column) {
        return rows.stream().map(column).toArray(Double[]::new);
    }

    public static <R> Boolean[] bool(Collection<R> rows, Function<R, Boolean> column) {
        return rows.stream().map(column).toArray(Boolean[]::new);
    }

    public static <R> UUID[] uuid(Collection<R> rows, Function<R, UUID> column) {
        return rows.stream().map(column).toArray(UUID[]::new);
    }

    /** {@code timestamptz[]}: each instant at UTC, nulls kept. */
    public static <R> OffsetDateTime[] timestamptz(Collection<R> rows, Function<R, Instant> column) {
        return rows.stream().map(column).map(SqlValues::utc).toArray(OffsetDateTime[]::new);
    }
}
