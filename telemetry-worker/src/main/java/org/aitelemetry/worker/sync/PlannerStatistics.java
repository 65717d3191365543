package org.aitelemetry.worker.sync;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import org.aitelemetry.worker.sql.SqlValues;

/**
 * Analyzes the fleet tables that a cycle has filled before PostgreSQL ever gathered statistics on them, as a bulk load
 * should be followed. Autovacuum's first ANALYZE comes a minute or more after the first sync; until then the planner
 * guessed {@code state = 'PRESENT'} to be rare and probed the state index once per node, which made one statement of a
 * 10,000-GPU cycle take 163 ms instead of 7 ms. Once a table has statistics, autovacuum keeps them.
 */
final class PlannerStatistics {

    /** Every table the writer fills; plain names, so they can be spelled into ANALYZE. */
    private static final String[] TABLES =
            {"ai_cluster", "ai_node", "research_project", "gpu_device", "gpu_slice", "virtual_machine"};

    private final SqlConnection connection;

    PlannerStatistics(SqlConnection connection) {
        this.connection = connection;
    }

    /** ANALYZE, in the caller's transaction (it sees the rows just written), of the tables still without statistics. */
    Uni<Void> gatherWhereMissing() {
        return connection.preparedQuery(FleetSql.TABLES_WITHOUT_STATISTICS)
                .execute(Tuple.tuple().addArrayOfString(TABLES))
                .map(rows -> SqlValues.list(rows, row -> row.getString("relname")))
                .chain(tables -> tables.isEmpty() ? Uni.createFrom().voidItem()
                        : connection.query(FleetSql.ANALYZE + String.join(", ", tables)).execute().replaceWithVoid());
    }
}
