package org.aitelemetry.site.api;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Runs a list query for one page in one round trip: the total comes from {@code count(*) OVER ()} on the same rows,
 * and only a page past the end costs a second, counting query.
 *
 * @param select columns, without the total
 * @param from   FROM clause with its joins
 */
public record PagedQuery(String select, String from) {

    private static final String TOTAL = "total_items";

    public <T> Uni<Page<T>> run(Pool pool, SqlFilter filter, String orderBy, PageRequest page,
            Function<Row, T> mapper) {
        int limit = filter.nextParameter();
        String sql = "SELECT " + select + ", count(*) OVER () AS " + TOTAL + " FROM " + from + filter.where()
                + " ORDER BY " + orderBy + " LIMIT $" + limit + " OFFSET $" + (limit + 1);
        return pool.preparedQuery(sql).execute(filter.tuple(page.size(), page.offset()))
                .flatMap(rows -> rows.size() > 0 || page.page() == 0
                        ? Uni.createFrom().item(toPage(rows, page, mapper))
                        : count(pool, filter).map(total -> new Page<T>(List.of(), PageInfo.of(page, total))));
    }

    private Uni<Long> count(Pool pool, SqlFilter filter) {
        return pool.preparedQuery("SELECT count(*) FROM " + from + filter.where()).execute(filter.tuple())
                .map(rows -> rows.iterator().next().getLong(0));
    }

    private static <T> Page<T> toPage(RowSet<Row> rows, PageRequest page, Function<Row, T> mapper) {
        List<T> items = new ArrayList<>(rows.size());
        long total = 0;
        for (Row row : rows) {
            items.add(mapper.apply(row));
            total = row.getLong(TOTAL);
        }
        return new Page<>(items, PageInfo.of(page, total));
    }
}
