package org.aitelemetry.worker.session;

import io.quarkus.tls.TlsConfigurationRegistry;
import io.quarkus.tls.runtime.config.TlsConfigUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonArray;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpRequest;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.aitelemetry.prometheus.BearerTokenFile;

/**
 * Asks every configured Alertmanager peer which alerts it holds ({@code GET /api/v2/alerts}, the alerts that make
 * sessions only). Fails unless every peer answers: an alert missing from a partial answer proves nothing.
 */
@ApplicationScoped
public class AlertmanagerAlerts {

    private final SessionConfig.Reconcile config;
    private final WebClient client;
    private final Optional<BearerTokenFile> token;

    AlertmanagerAlerts(SessionConfig config, Vertx vertx, TlsConfigurationRegistry tls) {
        this.config = config.reconcile();
        WebClientOptions options = new WebClientOptions().setFollowRedirects(false)
                .setConnectTimeout((int) this.config.timeout().toMillis());
        this.config.tlsConfigurationName().ifPresent(name -> TlsConfigUtils.configure(options,
                tls.get(name).orElseThrow(() -> new IllegalArgumentException("no TLS configuration named " + name))));
        this.client = WebClient.create(vertx, options);
        this.token = this.config.bearerTokenFile().map(file -> new BearerTokenFile(vertx, "alertmanager", file));
    }

    public boolean configured() {
        return config.alertmanagerUrls().filter(urls -> !urls.isEmpty()).isPresent();
    }

    /** Fingerprints of the alerts any peer holds (firing, silenced, inhibited or not yet processed). */
    public Uni<Set<String>> activeFingerprints() {
        List<URI> peers = config.alertmanagerUrls().orElse(List.of());
        return Uni.join().all(peers.stream().map(this::fingerprints).toList()).andFailFast()
                .map(answers -> {
                    Set<String> all = new HashSet<>();
                    answers.forEach(all::addAll);
                    return all;
                });
    }

    private Uni<Set<String>> fingerprints(URI peer) {
        String base = peer.toString().replaceAll("/+$", "");
        HttpRequest<Buffer> request = client.getAbs(base + "/api/v2/alerts")
                .addQueryParam("active", "true").addQueryParam("silenced", "true")
                .addQueryParam("inhibited", "true").addQueryParam("unprocessed", "true")
                .addQueryParam("filter", config.filter())
                .timeout(config.timeout().toMillis());
        Uni<Optional<String>> authorization = token.map(BearerTokenFile::authorization)
                .orElse(Uni.createFrom().item(Optional.empty()));
        return authorization.chain(header -> {
            header.ifPresent(value -> request.putHeader("Authorization", value));
            return request.send();
        }).map(response -> fingerprints(peer, response));
    }

    private static Set<String> fingerprints(URI peer, HttpResponse<Buffer> response) {
        if (response.statusCode() != 200) {
            throw new IllegalStateException("Alertmanager " + peer + " answered " + response.statusCode());
        }
        JsonArray alerts = response.bodyAsJsonArray();
        Set<String> fingerprints = new HashSet<>();
        for (int i = 0; i < alerts.size(); i++) {
            fingerprints.add(alerts.getJsonObject(i).getString("fingerprint"));
        }
        return fingerprints;
    }
}
