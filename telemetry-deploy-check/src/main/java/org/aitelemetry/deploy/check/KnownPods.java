package org.aitelemetry.deploy.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * Every pod an overlay leads to, with its namespace and labels: the workloads' templates, the pods operators create
 * for the custom resources here (with the labels those operators set), and the gpu-probe pods of the worker's own
 * Jobs, which carry the request label (telemetry-worker: ProbeJobs.REQUEST_LABEL) in the worker's probe namespace.
 */
final class KnownPods {

    record Pod(String source, String namespace, Map<String, String> labels) {
    }

    private KnownPods() {
    }

    static List<Pod> of(Manifests manifests) {
        List<Pod> pods = new ArrayList<>();
        PodTemplate.all(manifests).forEach(t -> pods.add(new Pod(t.owner().id(), t.namespace(), t.labels())));
        for (KubeObject object : manifests.objects()) {
            switch (object.kind()) {
                case "Cluster" -> pods.add(operated(object, Map.of("cnpg.io/cluster", object.name())));
                case "OpenTelemetryCollector" -> pods.add(operated(object, Map.of(
                        "app.kubernetes.io/component", "opentelemetry-collector",
                        "app.kubernetes.io/instance", object.namespace() + "." + object.name())));
                case "TempoMonolithic" -> pods.add(operated(object, Map.of(
                        "app.kubernetes.io/managed-by", "tempo-operator",
                        "app.kubernetes.io/instance", object.name())));
                default -> {
                }
            }
        }
        WorkerSettings.of(manifests).ifPresent(worker -> pods.add(new Pod("gpu-probe Jobs of the worker",
                worker.probeNamespace(), Map.of("aitelemetry.org/health-check", "request-id"))));
        return pods;
    }

    private static Pod operated(KubeObject object, Map<String, String> labels) {
        return new Pod(object.id(), object.namespace(), labels);
    }
}
