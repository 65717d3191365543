package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.client.KubernetesClient;

/**
 * One cluster the worker acts on: its {@code ai_cluster} name, the client of its API server, the namespace of its probe
 * Jobs, and whether it only reports what it would taint.
 */
record KubeCluster(String name, KubernetesClient client, String probeNamespace, boolean dryRun) {
}
