package org.aitelemetry.site.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.keycloak.KeycloakTestResource;
import org.aitelemetry.devkit.otlp.OtlpTestResource;
import org.aitelemetry.devkit.postgres.PostgresTestResource;

/**
 * The site against real PostgreSQL (migrated by the devkit, as the worker would), real Keycloak with the test
 * clients, and a real Prometheus for the charts. Every API test class uses this one profile, so the application starts once for all of them.
 */
public class SiteTestProfile implements QuarkusTestProfile {

    /** Health-check requests a caller may make per window in tests: small, so the limit is reachable. */
    public static final int HEALTH_CHECK_LIMIT = 5;

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(
                new TestResourceEntry(PostgresTestResource.class, Map.of(PostgresTestResource.MIGRATE, "true")),
                new TestResourceEntry(KeycloakTestResource.class, Map.of(KeycloakTestResource.APP, "site")),
                // The charts' metric source: a real Prometheus scraping the simulated fleet (seed 7, frozen readings),
                // whose clusters and projects (cluster-01/nlp-001 …) the fixture's rows name (source 'fleet').
                new TestResourceEntry(FleetTestResource.class, Map.of(FleetTestResource.CLUSTER_COUNT, "2")),
                // The collector of the site's own traces (SelfTracingTest).
                new TestResourceEntry(OtlpTestResource.class));
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("telemetry.site.health-checks.rate-limit", String.valueOf(HEALTH_CHECK_LIMIT),
                "quarkus.otel.sdk.disabled", "false",
                // Spans leave within the test's patience rather than after the default 5 s.
                "quarkus.otel.bsp.schedule.delay", "200ms");
    }
}
