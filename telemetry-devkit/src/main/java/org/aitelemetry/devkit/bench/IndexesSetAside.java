package org.aitelemetry.devkit.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A table's primary key, unique constraints and indexes dropped for a bulk load and built again afterwards, as a
 * restore of a dump does: maintaining five B-trees row by row makes loading a year of rollups several times slower
 * than loading it bare and sorting each index once. The definitions come from the catalogue, so what is rebuilt is
 * exactly what the migrations made.
 */
final class IndexesSetAside {

    private static final String CONSTRAINTS = """
            SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint
            WHERE conrelid = ?::regclass AND contype IN ('p', 'u') ORDER BY contype, conname""";
    private static final String INDEXES = """
            SELECT i.relname, pg_get_indexdef(i.oid) FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
            WHERE x.indrelid = ?::regclass
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)
            ORDER BY i.relname""";

    /** A constraint's or an index's name and its definition as the catalogue spells it. */
    private record Definition(String name, String sql) {
    }

    private final String table;
    private final List<Definition> constraints;
    private final List<Definition> indexes;

    private IndexesSetAside(String table, List<Definition> constraints, List<Definition> indexes) {
        this.table = table;
        this.constraints = constraints;
        this.indexes = indexes;
    }

    /** Drops the table's indexes and key constraints, remembering how to make them again. */
    static IndexesSetAside drop(Connection connection, String table) throws SQLException {
        IndexesSetAside aside = new IndexesSetAside(table, definitions(connection, CONSTRAINTS, table),
                definitions(connection, INDEXES, table));
        try (Statement statement = connection.createStatement()) {
            for (Definition index : aside.indexes) {
                statement.execute("DROP INDEX " + index.name());
            }
            for (Definition constraint : aside.constraints) {
                statement.execute("ALTER TABLE " + table + " DROP CONSTRAINT " + constraint.name());
            }
        }
        return aside;
    }

    /** Builds the constraints, then the indexes, again; how many it built. */
    int rebuild(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (Definition constraint : constraints) {
                statement.execute("ALTER TABLE " + table + " ADD CONSTRAINT " + constraint.name() + " "
                        + constraint.sql());
            }
            for (Definition index : indexes) {
                statement.execute(index.sql());
            }
        }
        return constraints.size() + indexes.size();
    }

    private static List<Definition> definitions(Connection connection, String sql, String table) throws SQLException {
        List<Definition> definitions = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            query.setString(1, table);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    definitions.add(new Definition(rows.getString(1), rows.getString(2)));
                }
            }
        }
        return definitions;
    }
}
