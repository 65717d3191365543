package org.aitelemetry.prometheus.source;

import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.aitelemetry.prometheus.OidcSettings;
import org.aitelemetry.prometheus.PrometheusClient;
import org.aitelemetry.prometheus.PrometheusClients;
import org.aitelemetry.prometheus.SourceSettings;
import org.aitelemetry.prometheus.source.MetricSourcesConfig.SourceConfig;

/** The configured metric sources, checked at start, and one Prometheus client per source, made on first use. */
@ApplicationScoped
public class SourceClients {

    private final List<SourceDefinition> definitions;
    private final PrometheusClients factory;
    private final Map<String, PrometheusClient> clients = new ConcurrentHashMap<>();

    SourceClients(MetricSourcesConfig config, PrometheusClients factory) {
        this.definitions = config.sources().entrySet().stream()
                .map(entry -> SourceDefinition.from(entry.getKey(), entry.getValue()))
                .toList();
        this.factory = factory;
    }

    public List<SourceDefinition> definitions() {
        return definitions;
    }

    public PrometheusClient client(SourceDefinition source) {
        return clients.computeIfAbsent(source.name(), name -> factory.create(settings(source)));
    }

    private static SourceSettings settings(SourceDefinition source) {
        SourceConfig config = source.config();
        return new SourceSettings(source.name(), source.url(), source.authMode(), source.tenant(),
                config.bearerTokenFile(), oidc(source), config.tlsConfigurationName(), config.queryTimeout(),
                config.maxAttempts());
    }

    private static Optional<OidcSettings> oidc(SourceDefinition source) {
        SourceConfig config = source.config();
        return config.oidcTokenUrl().map(url -> new OidcSettings(URI.create(url),
                config.oidcClientId().orElseThrow(() -> missing(source, "oidc-client-id")),
                config.oidcClientSecret().orElseThrow(() -> missing(source, "oidc-client-secret")), Optional.empty(),
                OidcSettings.ClientAuthentication.CLIENT_SECRET_BASIC));
    }

    private static IllegalArgumentException missing(SourceDefinition source, String property) {
        return new IllegalArgumentException("telemetry.sources." + source.name() + "." + property + " is required with oidc-token-url");
    }
}
