package org.aitelemetry.worker.sync;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** Reads what the sync wrote, straight from PostgreSQL, for assertions. */
final class Rows {

    private final Pool pool;

    Rows(Pool pool) {
        this.pool = pool;
    }

    List<Row> all(String sql, Object... arguments) {
        List<Row> rows = new ArrayList<>();
        pool.preparedQuery(sql).executeAndAwait(Tuple.from(List.of(arguments))).forEach(rows::add);
        return rows;
    }

    <T> Set<T> set(String sql, Function<Row, T> value) {
        Set<T> values = new HashSet<>();
        all(sql).forEach(row -> values.add(value.apply(row)));
        return values;
    }

    long count(String sql, Object... arguments) {
        return all(sql, arguments).get(0).getLong(0);
    }
}
