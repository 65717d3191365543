package org.aitelemetry.model.schema;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The schema of {@code public} as PostgreSQL's catalog holds it, as text a reviewer can diff: per table its columns in
 * order (qualified by the table, so a difference names it: type, nullability, default or generated expression on one
 * line, identity), its constraints and its other indexes by name (as PostgreSQL prints their definitions), then any
 * view, function, trigger, type or free sequence. Flyway's history is left out.
 */
final class SchemaDescription {

    /** Monthly partitions come and go with the calendar: the partitioned table describes them all. */
    private static final String OWN_TABLES = "n.nspname = 'public' AND t.relname <> 'flyway_schema_history'"
            + " AND NOT t.relispartition";
    private static final String COLUMNS = """
            SELECT t.relname, t.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
                   || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
                   || CASE a.attidentity WHEN 'd' THEN ' identity by default'
                                         WHEN 'a' THEN ' identity always' ELSE '' END
                   || coalesce(CASE a.attgenerated WHEN 's' THEN ' generated always as ' ELSE ' default ' END
                               || btrim(regexp_replace(pg_get_expr(d.adbin, d.adrelid), '\\s+', ' ', 'g')), '')
            FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
            JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum > 0 AND NOT a.attisdropped
            LEFT JOIN pg_attrdef d ON d.adrelid = t.oid AND d.adnum = a.attnum
            WHERE t.relkind IN ('r', 'p') AND %s ORDER BY t.relname, a.attnum""".formatted(OWN_TABLES);
    private static final String CONSTRAINTS = """
            SELECT t.relname, 'constraint ' || k.conname || ': ' || pg_get_constraintdef(k.oid)
            FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE %s AND k.conparentid = 0 ORDER BY t.relname, k.conname""".formatted(OWN_TABLES);
    private static final String PARTITION_KEYS = """
            SELECT t.relname, 'partition by ' || pg_get_partkeydef(t.oid)
            FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE t.relkind = 'p' AND %s ORDER BY t.relname""".formatted(OWN_TABLES);
    /** Indexes that back no primary key, unique or exclusion constraint (those are described by the constraint). */
    private static final String INDEXES = """
            SELECT t.relname, 'index ' || i.relname || ': ' || pg_get_indexdef(i.oid)
            FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
            JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE %s AND NOT EXISTS (SELECT 1 FROM pg_constraint k
                                     WHERE k.conindid = x.indexrelid AND k.contype IN ('p', 'u', 'x'))
            ORDER BY t.relname, i.relname""".formatted(OWN_TABLES);
    private static final String OTHER_OBJECTS = """
            SELECT 'view ' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind IN ('v', 'm')
            UNION ALL
            SELECT 'sequence ' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind = 'S'
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))
            UNION ALL
            SELECT 'function ' || p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = 'public'
            UNION ALL
            SELECT 'trigger ' || g.tgname || ' on ' || c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND NOT g.tgisinternal
            UNION ALL
            SELECT 'type ' || y.typname FROM pg_type y JOIN pg_namespace n ON n.oid = y.typnamespace
            WHERE n.nspname = 'public' AND y.typtype IN ('e', 'd', 'r', 'm')
            ORDER BY 1""";

    private SchemaDescription() {
    }

    static List<String> of(Connection connection) throws SQLException {
        Map<String, List<String>> tables = new TreeMap<>();
        for (String query : List.of(COLUMNS, PARTITION_KEYS, CONSTRAINTS, INDEXES)) {
            forEachRow(connection, query, row -> tables.computeIfAbsent(row.getString(1), table -> new ArrayList<>())
                    .add("  " + row.getString(2)));
        }
        List<String> lines = new ArrayList<>();
        tables.forEach((table, details) -> {
            lines.add("table " + table);
            lines.addAll(details);
        });
        forEachRow(connection, OTHER_OBJECTS, row -> lines.add(row.getString(1)));
        return lines;
    }

    private interface RowConsumer {
        void accept(ResultSet row) throws SQLException;
    }

    private static void forEachRow(Connection connection, String query, RowConsumer consumer) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(query)) {
            while (rows.next()) {
                consumer.accept(rows);
            }
        }
    }
}
