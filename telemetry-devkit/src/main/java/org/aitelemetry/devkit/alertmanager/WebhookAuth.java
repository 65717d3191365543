package org.aitelemetry.devkit.alertmanager;

import java.net.URI;
import java.nio.file.Path;

/**
 * How Alertmanager authenticates to the webhooks, as {@code alertmanager/receiver/} ships the two choices: a bearer
 * token read from a file, or OAuth2 client credentials it exchanges for tokens itself.
 */
public sealed interface WebhookAuth {

    /** {@code authorization.credentials_file}: the file's content is sent as the bearer token, re-read on every request. */
    record BearerTokenFile(Path file) implements WebhookAuth {

        public BearerTokenFile {
            file = file.toAbsolutePath();
        }
    }

    /**
     * {@code oauth2}: Alertmanager fetches a token from {@code tokenUrl} with the client credentials grant and renews it
     * before it expires.
     */
    record ClientCredentials(String clientId, Path clientSecretFile, URI tokenUrl) implements WebhookAuth {

        public ClientCredentials {
            clientSecretFile = clientSecretFile.toAbsolutePath();
            if (!tokenUrl.isAbsolute() || !tokenUrl.getScheme().matches("https?")) {
                throw new IllegalArgumentException("not an http(s) token URL: " + tokenUrl);
            }
        }
    }
}
