package org.aitelemetry.prometheus;

import io.smallrye.mutiny.Uni;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.core.MultiMap;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpRequest;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.aitelemetry.prometheus.OidcSettings.ClientAuthentication;

/** Bearer tokens from an OAuth 2.0 token endpoint with the client-credentials grant, cached by a {@link TokenCache}. */
final class OidcClientCredentials implements Credentials {

    /** For endpoints that leave {@code expires_in} out (it is only recommended): short enough to be safe. */
    private static final Duration DEFAULT_LIFETIME = Duration.ofMinutes(1);
    private static final String BEARER = "Bearer ";

    private final String source;
    private final OidcSettings settings;
    private final WebClient client;
    private final Duration timeout;
    private final TokenCache cache;

    OidcClientCredentials(String source, OidcSettings settings, WebClient client, Duration timeout, Clock clock) {
        this.source = source;
        this.settings = settings;
        this.client = client;
        this.timeout = timeout;
        this.cache = new TokenCache(this::fetch, clock);
    }

    @Override
    public Uni<Optional<String>> authorization() {
        return cache.token().map(token -> Optional.of(BEARER + token));
    }

    @Override
    public boolean renew(String rejected) {
        cache.invalidate(rejected.substring(BEARER.length()));
        return true;
    }

    @Override
    public void close() {
        client.close();
    }

    private Uni<TokenCache.Token> fetch() {
        MultiMap form = MultiMap.caseInsensitiveMultiMap().add("grant_type", "client_credentials");
        settings.scope().ifPresent(scope -> form.add("scope", scope));
        HttpRequest<Buffer> request = client.postAbs(settings.tokenUrl().toString())
                .putHeader("Accept", "application/json")
                .timeout(timeout.toMillis());
        if (settings.clientAuthentication() == ClientAuthentication.CLIENT_SECRET_BASIC) {
            request.basicAuthentication(formEncoded(settings.clientId()), formEncoded(settings.clientSecret()));
        } else {
            form.add("client_id", settings.clientId()).add("client_secret", settings.clientSecret());
        }
        return request.sendForm(form)
                .onFailure().transform(e -> failure("token endpoint unreachable: " + e.getMessage(), true, e))
                .map(this::token);
    }

    private TokenCache.Token token(HttpResponse<Buffer> response) {
        int status = response.statusCode();
        if (status != 200) {
            // A wrong secret or client id stays wrong; an overloaded or restarting provider does not.
            throw failure("token endpoint answered HTTP " + status, status == 429 || status >= 500, null);
        }
        try {
            JsonObject json = response.body() == null ? new JsonObject() : response.bodyAsJsonObject();
            String token = json.getString("access_token");
            if (token == null || token.isEmpty()) {
                throw failure("token endpoint answered without an access_token", false, null);
            }
            Long expiresIn = json.getLong("expires_in");
            return new TokenCache.Token(token, expiresIn == null ? DEFAULT_LIFETIME : Duration.ofSeconds(expiresIn));
        } catch (DecodeException | ClassCastException e) {
            throw failure("token endpoint answered with unreadable JSON", true, e);
        }
    }

    private PrometheusQueryException failure(String reason, boolean transientFailure, Throwable cause) {
        return PrometheusQueryException.noResponse(source, reason, transientFailure, cause);
    }

    /** RFC 6749 §2.3.1: id and secret are form-encoded before they go into the Basic header. */
    private static String formEncoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
