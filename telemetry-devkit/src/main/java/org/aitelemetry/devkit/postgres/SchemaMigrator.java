package org.aitelemetry.devkit.postgres;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Applies the model's Flyway migrations (found on the classpath under {@code db/migration}) the way the worker does at
 * start, for callers that need a ready schema without a worker: the site's tests and benchmarks.
 */
public final class SchemaMigrator {

    private SchemaMigrator() {
    }

    public static MigrateResult migrate(String jdbcUrl) {
        return Flyway.configure()
                .dataSource(jdbcUrl, PostgresComponent.USER, PostgresComponent.PASSWORD)
                .locations("classpath:db/migration")
                .failOnMissingLocations(true)
                .load()
                .migrate();
    }
}
