package org.aitelemetry.worker.kube.token;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/**
 * What a Kubernetes service-account token says about itself before anyone checked it: its issuer, which picks the
 * cluster whose API server reviews it, and its expiry, which bounds how long a review is reused. Nothing here is
 * trusted: the TokenReview decides. A token without the {@code kubernetes.io} claim is not one (it is left to OIDC).
 */
record UnverifiedClaims(String issuer, Instant expiry) {

    static Optional<UnverifiedClaims> of(String token) {
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3) {
            return Optional.empty();
        }
        try {
            JsonObject claims = new JsonObject(new String(Base64.getUrlDecoder().decode(parts[1]),
                    StandardCharsets.UTF_8));
            if (!(claims.getValue("kubernetes.io") instanceof JsonObject)
                    || !(claims.getValue("iss") instanceof String issuer)
                    || !(claims.getValue("exp") instanceof Number expiry)) {
                return Optional.empty();
            }
            return Optional.of(new UnverifiedClaims(issuer, Instant.ofEpochSecond(expiry.longValue())));
        } catch (IllegalArgumentException | DecodeException | ClassCastException e) {
            return Optional.empty();
        }
    }
}
