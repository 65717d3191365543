package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Function;
import org.aitelemetry.site.api.RateLimited;
import org.aitelemetry.site.config.SiteConfig;

/**
 * Caps the health-check requests one caller records per sliding window. The count is taken in the database, so the
 * cap holds across site replicas; a transaction-level advisory lock on the caller's name serialises that caller's
 * creates, so two concurrent ones cannot both pass the count before either is recorded.
 */
@ApplicationScoped
public class HealthCheckRateLimit {

    private static final String LOCK = "SELECT 1 FROM pg_advisory_xact_lock(hashtext($1))";
    /** Recent requests, and the seconds until the oldest of them leaves the window. */
    private static final String RECENT = """
            SELECT count(*) AS recent,
                   ceil(extract(epoch FROM min(created_at) + make_interval(secs => $2) - now()))::bigint AS frees_in
            FROM health_check_request WHERE requested_by = $1 AND created_at > now() - make_interval(secs => $2)""";

    private final Pool pool;
    private final SiteConfig config;

    public HealthCheckRateLimit(Pool pool, SiteConfig config) {
        this.pool = pool;
        this.config = config;
    }

    /** Runs {@code record} in a transaction if the caller is under the limit; fails with {@link RateLimited} if not. */
    public <T> Uni<T> withinLimit(String caller, Function<SqlConnection, Uni<T>> record) {
        double windowSeconds = config.healthChecks().rateWindow().toMillis() / 1000.0;
        return pool.withTransaction(connection -> connection.preparedQuery(LOCK).execute(Tuple.of(caller))
                .flatMap(locked -> connection.preparedQuery(RECENT).execute(Tuple.of(caller, windowSeconds)))
                .map(rows -> rows.iterator().next())
                .flatMap(recent -> {
                    checkLimit(recent, windowSeconds);
                    return record.apply(connection);
                }));
    }

    private void checkLimit(Row recent, double windowSeconds) {
        int limit = config.healthChecks().rateLimit();
        if (recent.getLong("recent") >= limit) {
            Long freesIn = recent.getLong("frees_in");
            long window = (long) Math.ceil(windowSeconds);
            throw new RateLimited("at most " + limit + " health-check requests per " + window + " seconds; retry later",
                    freesIn != null ? freesIn : window);
        }
    }
}
