package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every cluster this worker acts on: {@code telemetry.kubernetes.cluster} with the client Quarkus configures (the
 * in-cluster service account, or the kubeconfig), and each {@code telemetry.kubernetes.clusters."<name>"} with a client
 * of its own API server. Built on first use, so nothing is contacted while the Kubernetes parts are off.
 */
@ApplicationScoped
public class KubeClusters {

    private final KubeConfig config;
    private final Instance<KubernetesClient> inCluster;
    private volatile List<KubeCluster> clusters;

    KubeClusters(KubeConfig config, Instance<KubernetesClient> inCluster) {
        this.config = config;
        this.inCluster = inCluster;
    }

    /** The clusters, the in-cluster one first. */
    public List<KubeCluster> all() {
        List<KubeCluster> built = clusters;
        if (built == null) {
            synchronized (this) {
                built = clusters == null ? build() : clusters;
                clusters = built;
            }
        }
        return built;
    }

    /** The names of the clusters, as {@code ai_cluster} has them. */
    public List<String> names() {
        return all().stream().map(KubeCluster::name).toList();
    }

    public Optional<KubeCluster> named(String name) {
        return all().stream().filter(cluster -> cluster.name().equals(name)).findFirst();
    }

    /**
     * The cluster whose service-account tokens carry this issuer; while there is only one cluster and it names no
     * issuer, that one.
     */
    public Optional<KubeCluster> issuing(String issuer) {
        List<KubeCluster> every = all();
        Optional<KubeCluster> named = every.stream()
                .filter(cluster -> cluster.serviceAccountIssuer().filter(issuer::equals).isPresent()).findFirst();
        if (named.isEmpty() && every.size() == 1 && every.get(0).serviceAccountIssuer().isEmpty()) {
            return Optional.of(every.get(0));
        }
        return named;
    }

    private List<KubeCluster> build() {
        List<KubeCluster> built = new ArrayList<>();
        config.cluster().filter(name -> !name.isBlank()).ifPresent(name -> built.add(
                new KubeCluster(name, inCluster.get(), config.probeNamespace(), config.dryRun(),
                        config.serviceAccountIssuer())));
        for (Map.Entry<String, KubeConfig.RemoteCluster> entry : config.remoteClusters().entrySet()) {
            KubeConfig.RemoteCluster remote = entry.getValue();
            built.add(new KubeCluster(entry.getKey(), client(remote),
                    remote.probeNamespace().orElse(config.probeNamespace()), remote.dryRun().orElse(config.dryRun()),
                    remote.serviceAccountIssuer()));
        }
        return List.copyOf(built);
    }

    private static KubernetesClient client(KubeConfig.RemoteCluster remote) {
        // Config.empty(): nothing of this pod's own service account or kubeconfig leaks into a remote cluster's client.
        ConfigBuilder builder = new ConfigBuilder(Config.empty()).withMasterUrl(remote.apiServerUrl())
                .withRequestRetryBackoffLimit(2);
        remote.caFile().ifPresent(builder::withCaCertFile);
        remote.tokenFile().map(Path::of).ifPresent(file -> builder.withOauthTokenProvider(() -> read(file)));
        return new KubernetesClientBuilder().withConfig(builder.build()).build();
    }

    private static String read(Path tokenFile) {
        try {
            return Files.readString(tokenFile).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the API server token " + tokenFile, e);
        }
    }

    @PreDestroy
    void close() {
        List<KubeCluster> built = clusters;
        if (built != null) {
            built.stream().filter(cluster -> config.remoteClusters().containsKey(cluster.name()))
                    .forEach(cluster -> cluster.client().close());
        }
    }
}
