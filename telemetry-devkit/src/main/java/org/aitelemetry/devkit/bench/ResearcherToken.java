package org.aitelemetry.devkit.bench;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.devkit.keycloak.KeycloakComponent;

/**
 * A real access token of the test researcher (client credentials of {@link KeycloakClients#TEST_RESEARCHER}),
 * replaced in the background well before its five-minute lifetime ends, so a long run never sends an expired one.
 */
final class ResearcherToken implements Supplier<String>, AutoCloseable {

    private static final long REFRESH_SECONDS = 120;

    private final KeycloakComponent keycloak;
    private final ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "researcher-token");
        thread.setDaemon(true);
        return thread;
    });
    private volatile String token;

    ResearcherToken(KeycloakComponent keycloak) {
        this.keycloak = keycloak;
        this.token = fetch();
        refresher.scheduleAtFixedRate(() -> token = fetch(), REFRESH_SECONDS, REFRESH_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public String get() {
        return token;
    }

    @Override
    public void close() {
        refresher.shutdownNow();
    }

    private String fetch() {
        return keycloak.clientCredentialsToken(KeycloakClients.TEST_RESEARCHER,
                KeycloakClients.testSecret(KeycloakClients.TEST_RESEARCHER));
    }
}
