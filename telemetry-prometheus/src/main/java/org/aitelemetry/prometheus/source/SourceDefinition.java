package org.aitelemetry.prometheus.source;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import org.aitelemetry.model.fleet.AuthMode;
import org.aitelemetry.prometheus.source.MetricSourcesConfig.SourceConfig;

/**
 * A configured metric source, checked: a name and an absolute http(s) URL with a host, never anything else. Keeps the
 * rest of its configuration for the client.
 */
public record SourceDefinition(String name, URI url, AuthMode authMode, Optional<String> tenant,
        Optional<String> clusterLabel, SourceConfig config) {

    public static SourceDefinition from(String name, SourceConfig config) {
        return new SourceDefinition(name, checkedUrl(name, config.url()), config.authMode(), config.tenant(),
                config.clusterLabel(), config);
    }

    /** Cluster name for series that carry none (a single-cluster Prometheus) or the ACM hub's {@code local-cluster}. */
    public String defaultCluster() {
        return clusterLabel.orElse(name);
    }

    private static URI checkedUrl(String name, String value) {
        String property = "telemetry.sources." + name + ".url";
        URI url;
        try {
            url = new URI(value.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(property + " is not a URL: " + e.getMessage(), e);
        }
        String scheme = Optional.ofNullable(url.getScheme()).map(s -> s.toLowerCase(Locale.ROOT)).orElse("");
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException(property + " must use http or https, not '" + value + "'");
        }
        if (url.getHost() == null) {
            throw new IllegalArgumentException(property + " has no host: '" + value + "'");
        }
        if (url.getRawUserInfo() != null) {
            throw new IllegalArgumentException(property + " must not carry credentials; use auth-mode instead");
        }
        return url;
    }
}
