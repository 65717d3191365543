package org.aitelemetry.prometheus;

import io.quarkus.tls.TlsConfiguration;
import io.quarkus.tls.TlsConfigurationRegistry;
import io.quarkus.tls.runtime.config.TlsConfigUtils;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.ext.web.client.WebClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;

/** Creates {@link PrometheusClient}s on the application's Vert.x, with TLS from the Quarkus TLS registry. */
@ApplicationScoped
public class PrometheusClients {

    /** A source that does not accept a connection within this time is down, whatever the query timeout. */
    private static final Duration MAX_CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final Vertx vertx;
    private final TlsConfigurationRegistry tlsRegistry;

    PrometheusClients(Vertx vertx, TlsConfigurationRegistry tlsRegistry) {
        this.vertx = vertx;
        this.tlsRegistry = tlsRegistry;
    }

    /**
     * A client for one source. Fails with {@link IllegalArgumentException} when the settings name a TLS configuration
     * the registry does not have.
     */
    public PrometheusClient create(SourceSettings settings) {
        WebClientOptions options = clientOptions(settings.queryTimeout());
        settings.tlsConfigurationName()
                .ifPresent(name -> TlsConfigUtils.configure(options, tlsConfiguration(settings, name)));
        return new PrometheusClient(settings, WebClient.create(vertx, options), credentials(settings));
    }

    private Credentials credentials(SourceSettings settings) {
        return switch (settings.authMode()) {
            case NONE, MTLS -> Credentials.NONE;
            case BEARER_FILE -> new BearerTokenFile(vertx, settings.name(), settings.bearerTokenFile().orElseThrow());
            case OIDC_CLIENT_CREDENTIALS -> new OidcClientCredentials(settings.name(), settings.oidc().orElseThrow(),
                    WebClient.create(vertx, clientOptions(settings.queryTimeout())), settings.queryTimeout(),
                    Clock.systemUTC());
        };
    }

    private TlsConfiguration tlsConfiguration(SourceSettings settings, String name) {
        return tlsRegistry.get(name).orElseThrow(() -> new IllegalArgumentException("source '" + settings.name()
                + "': no TLS configuration named '" + name + "' (quarkus.tls." + name + ".*)"));
    }

    /** Redirects are never followed: a 3xx from a query API is a misconfiguration, not a place to send credentials. */
    private static WebClientOptions clientOptions(Duration queryTimeout) {
        Duration connectTimeout = queryTimeout.compareTo(MAX_CONNECT_TIMEOUT) < 0 ? queryTimeout : MAX_CONNECT_TIMEOUT;
        return new WebClientOptions()
                .setFollowRedirects(false)
                .setTryUseCompression(true)
                .setConnectTimeout((int) connectTimeout.toMillis());
    }
}
