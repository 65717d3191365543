package org.aitelemetry.site.health;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;
import org.aitelemetry.model.health.HealthCheckRequest;

/**
 * The site's writes of {@code health_check_request}, and the two statements of the rate limit that must share their
 * transaction. Those two are native: HQL has neither advisory locks nor interval arithmetic on the database's clock.
 */
@ApplicationScoped
public class HealthCheckRequestRepository implements PanacheRepositoryBase<HealthCheckRequest, UUID> {

    private static final String LOCK_REQUESTER = "SELECT 1 FROM pg_advisory_xact_lock(hashtext(:requester))";
    private static final String RECENT = """
            SELECT count(*), ceil(extract(epoch FROM min(created_at) + make_interval(secs => :window) - now()))::bigint
            FROM health_check_request
            WHERE requested_by = :requester AND created_at > now() - make_interval(secs => :window)""";

    /** A requester's requests inside the window, and the seconds until the oldest of them leaves it (null if none). */
    public record Recent(long count, Long freesInSeconds) {
    }

    /** Serialises one requester's creates until the current transaction ends. */
    public Uni<Void> lockRequester(String requester) {
        return getSession().flatMap(session -> session.createNativeQuery(LOCK_REQUESTER)
                .setParameter("requester", requester).getSingleResult()).replaceWithVoid();
    }

    public Uni<Recent> recentBy(String requester, double windowSeconds) {
        return getSession().flatMap(session -> session.createNativeQuery(RECENT, Object[].class)
                .setParameter("requester", requester).setParameter("window", windowSeconds).getSingleResult())
                .map(row -> new Recent(((Number) row[0]).longValue(),
                        row[1] == null ? null : ((Number) row[1]).longValue()));
    }
}
