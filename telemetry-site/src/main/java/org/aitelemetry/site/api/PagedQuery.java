package org.aitelemetry.site.api;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import java.util.List;
import java.util.function.Function;

/**
 * Runs a list query for one page and counts the matching rows, the two at once on two connections. The count is a
 * query of its own rather than {@code count(*) OVER ()} beside the page, which would make PostgreSQL join and buffer
 * every matching row before it could stop after a page.
 *
 * @param select    columns
 * @param from      FROM clause with its joins
 * @param countFrom FROM clause of the count: {@code from}, or fewer tables when the joins left out only add columns to
 *                  a row and never drop or repeat one
 */
public record PagedQuery(String select, String from, String countFrom) {

    public PagedQuery(String select, String from) {
        this(select, from, from);
    }

    /**
     * The same page, counted on {@code countFrom} alone: for filters that name only its columns, so that a count over
     * much of a large table need not join every matching row.
     */
    public PagedQuery countedOn(String countFrom) {
        return new PagedQuery(select, from, countFrom);
    }

    public <T> Uni<Page<T>> run(Pool pool, SqlFilter filter, String orderBy, PageRequest page,
            Function<Row, T> mapper) {
        int limit = filter.nextParameter();
        String sql = "SELECT " + select + " FROM " + from + filter.where() + " ORDER BY " + orderBy
                + " LIMIT $" + limit + " OFFSET $" + (limit + 1);
        Uni<List<T>> items = pool.preparedQuery(sql).execute(filter.tuple(page.size(), page.offset()))
                .map(rows -> Rows.all(rows, mapper));
        Uni<Long> total = pool.preparedQuery("SELECT count(*) FROM " + countFrom + filter.where())
                .execute(filter.tuple()).map(rows -> rows.iterator().next().getLong(0));
        return Uni.combine().all().unis(items, total).asTuple()
                .map(both -> new Page<>(both.getItem1(), PageInfo.of(page, both.getItem2())));
    }

    /** The first row the filter selects, mapped; null when there is none (a 404 for the resource). */
    public <T> Uni<T> first(Pool pool, SqlFilter filter, Function<Row, T> mapper) {
        return pool.preparedQuery("SELECT " + select + " FROM " + from + filter.where()).execute(filter.tuple())
                .map(rows -> Rows.first(rows, mapper));
    }
}
