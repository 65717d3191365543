package org.aitelemetry.site.support;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import org.aitelemetry.devkit.keycloak.InjectKeycloak;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.devkit.keycloak.KeycloakComponent;
import org.junit.jupiter.api.BeforeEach;

/**
 * What every API test class starts from: the fixture loaded, and real Keycloak tokens of the test researcher and
 * manager (members of cluster-01/nlp-001) and of the admin. Subclasses are {@code @QuarkusTest}s with
 * {@link SiteTestProfile}.
 */
public abstract class SiteApiTest {

    @InjectKeycloak
    protected KeycloakComponent keycloak;

    @Inject
    protected Pool pool;

    protected String researcher;
    protected String manager;
    protected String admin;

    @BeforeEach
    void loadFixtureAndTokens() {
        Fixture.load(pool);
        researcher = Tokens.of(keycloak, KeycloakClients.TEST_RESEARCHER);
        manager = Tokens.of(keycloak, KeycloakClients.TEST_MANAGER);
        admin = Tokens.of(keycloak, KeycloakClients.TEST_ADMIN);
    }
}
