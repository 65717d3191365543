package org.aitelemetry.site.api;

import io.vertx.mutiny.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * The WHERE clause of a query, built from optional filters: each condition uses {@code ?} for its values, numbered
 * {@code $1, $2, …} here, so values always travel as bind parameters.
 */
public final class SqlFilter {

    private final List<String> conditions = new ArrayList<>();
    private final List<Object> values = new ArrayList<>();

    /** Adds the condition when {@code value} is not null. */
    public SqlFilter when(Object value, String condition) {
        return value == null ? this : and(condition, value);
    }

    /** Adds a condition with its values, one per {@code ?}. */
    public SqlFilter and(String condition, Object... conditionValues) {
        StringBuilder numbered = new StringBuilder();
        int next = 0;
        for (char c : condition.toCharArray()) {
            if (c == '?') {
                values.add(conditionValues[next++]);
                numbered.append('$').append(values.size());
            } else {
                numbered.append(c);
            }
        }
        if (next != conditionValues.length) {
            throw new IllegalArgumentException(condition + " takes " + next + " values, not " + conditionValues.length);
        }
        conditions.add(numbered.toString());
        return this;
    }

    /**
     * Restricts rows to the caller's projects unless the caller is an admin: {@code clusterColumn} and
     * {@code namespaceColumn} must name the row's project.
     */
    public SqlFilter memberOf(ProjectScope caller, String clusterColumn, String namespaceColumn) {
        if (caller.admin()) {
            return this;
        }
        return and("(" + clusterColumn + ", " + namespaceColumn
                + ") IN (SELECT * FROM unnest(?::text[], ?::text[]))", caller.clusters(), caller.namespaces());
    }

    /**
     * Restricts rows to the caller's projects unless the caller is an admin, for rows that carry only a project id
     * ({@code projectIdColumn}): the caller's project ids are resolved once, in a subquery.
     */
    public SqlFilter memberProject(ProjectScope caller, String projectIdColumn) {
        if (caller.admin()) {
            return this;
        }
        return and(projectIdColumn + " IN (SELECT mp.id FROM research_project mp JOIN ai_cluster mc"
                + " ON mc.id = mp.cluster_id WHERE (mc.name, mp.namespace) IN (SELECT * FROM unnest(?::text[], ?::text[])))",
                caller.clusters(), caller.namespaces());
    }

    public String where() {
        return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
    }

    /** The next parameter's number, for clauses appended after the WHERE (LIMIT, OFFSET). */
    public int nextParameter() {
        return values.size() + 1;
    }

    public Tuple tuple(Object... more) {
        List<Object> all = new ArrayList<>(values);
        all.addAll(List.of(more));
        return Tuple.from(all);
    }
}
