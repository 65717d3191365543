package org.aitelemetry.site.api;

import java.util.Map;
import java.util.TreeSet;

/**
 * The {@code sort} parameter: a key from the operation's list, {@code -} prefixed for descending, mapped to an SQL
 * ORDER BY. Keys are looked up, never pasted, so a sort value cannot inject SQL. A unique tie-breaker keeps pages
 * stable.
 */
public final class SortOrder {

    private SortOrder() {
    }

    /**
     * @param keys      the allowed keys and the SQL expression each sorts by
     * @param tieBreaker a unique column appended last
     */
    public static String orderBy(String value, String defaultValue, Map<String, String> keys, String tieBreaker) {
        String sort = value == null || value.isEmpty() ? defaultValue : value;
        boolean descending = sort.startsWith("-");
        String key = descending ? sort.substring(1) : sort;
        String column = keys.get(key);
        if (column == null) {
            TreeSet<String> allowed = new TreeSet<>(keys.keySet());
            throw ApiProblem.badParameter("sort", "must be one of " + allowed + ", optionally prefixed with '-'");
        }
        String direction = descending ? " DESC NULLS LAST" : " ASC NULLS LAST";
        return column + direction + ", " + tieBreaker + (descending ? " DESC" : " ASC");
    }
}
