package org.aitelemetry.worker.allocation;

import io.quarkus.runtime.Startup;
import io.quarkus.tls.TlsConfigurationRegistry;
import io.quarkus.tls.runtime.config.TlsConfigUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpRequest;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.aitelemetry.prometheus.BearerTokenFile;
import org.aitelemetry.prometheus.HttpUrls;

/**
 * Fetches ColdFront's allocation listing. Checked at start: a URL that is no http(s) URL, a user without a password
 * file, or both Basic and a bearer token stop the start naming the property. Secrets are read from their files at
 * every request, so a rotated Secret needs no restart.
 */
@Startup
@ApplicationScoped
public class ColdFrontClient {

    private final ColdFrontConfig config;
    private final Vertx vertx;
    private final WebClient client;
    private final Optional<BearerTokenFile> token;

    ColdFrontClient(ColdFrontConfig config, Vertx vertx, TlsConfigurationRegistry tls) {
        this.config = config;
        this.vertx = vertx;
        config.url().ifPresent(url -> HttpUrls.require(url, "telemetry.coldfront.url"));
        if (config.username().isPresent() != config.passwordFile().isPresent()) {
            throw new IllegalArgumentException(
                    "telemetry.coldfront.username and telemetry.coldfront.password-file go together");
        }
        if (config.username().isPresent() && config.bearerTokenFile().isPresent()) {
            throw new IllegalArgumentException("telemetry.coldfront: Basic (username) or bearer-token-file, not both");
        }
        WebClientOptions options = new WebClientOptions().setFollowRedirects(false)
                .setConnectTimeout((int) config.timeout().toMillis());
        config.tlsConfigurationName().ifPresent(name -> TlsConfigUtils.configure(options, tls.get(name).orElseThrow(
                () -> new IllegalArgumentException("telemetry.coldfront: no TLS configuration named " + name))));
        this.client = WebClient.create(vertx, options);
        this.token = config.bearerTokenFile().map(file -> new BearerTokenFile(vertx, "coldfront", file));
    }

    public boolean configured() {
        return config.url().isPresent();
    }

    /** The listing's body; fails with ColdFront's status and what it means when it answers anything but 200. */
    Uni<String> allocations() {
        URI base = config.url().orElseThrow(() -> new IllegalStateException("telemetry.coldfront.url is not set"));
        HttpRequest<Buffer> request = client.getAbs(base.toString().replaceAll("/+$", "") + config.allocationsPath())
                .putHeader("Accept", "application/json").timeout(config.timeout().toMillis());
        return authorization().chain(header -> {
            header.ifPresent(value -> request.putHeader("Authorization", value));
            return request.send();
        }).map(ColdFrontClient::body);
    }

    private Uni<Optional<String>> authorization() {
        if (token.isPresent()) {
            return token.get().authorization();
        }
        if (config.username().isEmpty()) {
            return Uni.createFrom().item(Optional.empty());
        }
        return vertx.fileSystem().readFile(config.passwordFile().orElseThrow().toString()).map(password -> {
            String pair = config.username().orElseThrow() + ":" + password.toString(StandardCharsets.UTF_8).strip();
            return Optional.of("Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
        });
    }

    private static String body(HttpResponse<Buffer> response) {
        return switch (response.statusCode()) {
            case 200 -> response.bodyAsString();
            case 401, 403 -> throw new IllegalStateException("ColdFront refused the credentials ("
                    + response.statusCode() + "): its allocation API needs an admin account or token (telemetry.coldfront.*)");
            default -> throw new IllegalStateException("ColdFront answered " + response.statusCode());
        };
    }
}
