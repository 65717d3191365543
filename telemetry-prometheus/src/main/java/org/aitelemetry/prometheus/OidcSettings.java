package org.aitelemetry.prometheus;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * OAuth 2.0 client credentials (RFC 6749 §4.4) for a source behind an OIDC-protected front. The token endpoint is
 * called with the JVM's default trust store, not the source's TLS configuration: identity providers usually have a CA
 * of their own.
 */
public record OidcSettings(URI tokenUrl, String clientId, String clientSecret, Optional<String> scope,
        ClientAuthentication clientAuthentication) {

    /** How the client proves who it is to the token endpoint (RFC 6749 §2.3.1). */
    public enum ClientAuthentication {
        /** HTTP Basic with the form-encoded id and secret; every provider must accept it. */
        CLIENT_SECRET_BASIC,
        /** Id and secret as form parameters, for providers configured that way. */
        CLIENT_SECRET_POST
    }

    public OidcSettings {
        HttpUrls.require(tokenUrl, "OIDC token URL");
        if (clientId == null || clientId.isBlank()) {
            throw new IllegalArgumentException("OIDC client id is required");
        }
        if (clientSecret == null || clientSecret.isEmpty()) {
            throw new IllegalArgumentException("OIDC client secret is required");
        }
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(clientAuthentication, "clientAuthentication");
    }

    /** Settings with {@code client_secret_basic}, the method every provider must support. */
    public OidcSettings(URI tokenUrl, String clientId, String clientSecret, Optional<String> scope) {
        this(tokenUrl, clientId, clientSecret, scope, ClientAuthentication.CLIENT_SECRET_BASIC);
    }

    /** Leaves the secret out, so settings can be logged. */
    @Override
    public String toString() {
        return "OidcSettings[tokenUrl=" + tokenUrl + ", clientId=" + clientId + ", scope=" + scope
                + ", clientAuthentication=" + clientAuthentication + "]";
    }
}
