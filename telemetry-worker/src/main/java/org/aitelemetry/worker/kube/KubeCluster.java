package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Optional;

/**
 * One cluster the worker acts on: its {@code ai_cluster} name, the client of its API server, the namespace of its probe
 * Jobs, whether it only reports what it would taint, and the issuer of its service-account tokens (which picks the
 * cluster that reviews a probe's token).
 */
public record KubeCluster(String name, KubernetesClient client, String probeNamespace, boolean dryRun,
        Optional<String> serviceAccountIssuer) {
}
