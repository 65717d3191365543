package org.aitelemetry.worker.ingest;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * Turns the worker's OIDC tenant on against the mock provider that {@code OidcWiremockTestResource} starts, whose
 * tokens carry its own audience and put roles in {@code groups}.
 */
public class IngestSecurityProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "quarkus.oidc.tenant-enabled", "true",
                "quarkus.oidc.auth-server-url", "${keycloak.url}/realms/quarkus/",
                "quarkus.oidc.token.audience", "https://server.example.com",
                "quarkus.oidc.roles.role-claim-path", "groups");
    }
}
