package org.aitelemetry.site.health;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Supplier;
import org.aitelemetry.site.api.RateLimited;
import org.aitelemetry.site.config.SiteConfig;
import org.aitelemetry.site.health.HealthCheckRequestRepository.Recent;

/**
 * Caps the health-check requests one caller records per sliding window. The count is taken in the database, so the
 * cap holds across site replicas; a transaction-level advisory lock on the caller's name serialises that caller's
 * creates, so two concurrent ones cannot both pass the count before either is recorded.
 */
@ApplicationScoped
public class HealthCheckRateLimit {

    private final HealthCheckRequestRepository requests;
    private final SiteConfig config;

    public HealthCheckRateLimit(HealthCheckRequestRepository requests, SiteConfig config) {
        this.requests = requests;
        this.config = config;
    }

    /**
     * Runs {@code record} in one Hibernate Reactive transaction with the lock and the count, if the caller is under the
     * limit; fails with {@link RateLimited} if not.
     */
    public <T> Uni<T> withinLimit(String caller, Supplier<Uni<T>> record) {
        double windowSeconds = config.healthChecks().rateWindow().toMillis() / 1000.0;
        return Panache.withTransaction(() -> requests.lockRequester(caller)
                .chain(() -> requests.recentBy(caller, windowSeconds))
                .chain(recent -> {
                    checkLimit(recent, windowSeconds);
                    return record.get();
                }));
    }

    private void checkLimit(Recent recent, double windowSeconds) {
        int limit = config.healthChecks().rateLimit();
        if (recent.count() >= limit) {
            Long freesIn = recent.freesInSeconds();
            long window = (long) Math.ceil(windowSeconds);
            throw new RateLimited("at most " + limit + " health-check requests per " + window + " seconds; retry later",
                    freesIn != null ? freesIn : window);
        }
    }
}
