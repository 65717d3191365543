package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.Properties;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * The worker as an overlay deploys it: its Deployment's namespace and ServiceAccount, and the properties it reads
 * from its ConfigMap (application.properties, then site.properties over it), with the worker's own defaults
 * (telemetry-worker: KubeConfig) for what they leave out.
 */
record WorkerSettings(String namespace, String serviceAccount, Properties properties) {

    static final String DEPLOYMENT = "telemetry-worker";

    static Optional<WorkerSettings> of(Manifests manifests) {
        return manifests.ofKind("Deployment").stream().filter(d -> d.name().equals(DEPLOYMENT)).findFirst()
                .map(worker -> new WorkerSettings(worker.namespace(),
                        worker.at("/spec/template/spec/serviceAccountName").asText("default"),
                        properties(manifests, worker)));
    }

    /** How the API server names the worker in admission requests and RBAC. */
    String username() {
        return "system:serviceaccount:" + namespace + ":" + serviceAccount;
    }

    String probeNamespace() {
        return properties.getProperty("telemetry.kubernetes.probe-namespace", "ai-telemetry");
    }

    String conditionType() {
        return properties.getProperty("telemetry.kubernetes.condition-type", "GpuHealthy");
    }

    String taintKey() {
        return properties.getProperty("telemetry.kubernetes.taint-key", "aitelemetry.org/gpu-unhealthy");
    }

    String taintEffect() {
        return properties.getProperty("telemetry.kubernetes.taint-effect", "NoSchedule");
    }

    boolean binds(KubeObject binding) {
        for (JsonNode subject : binding.at("/subjects")) {
            if (subject.path("kind").asText().equals("ServiceAccount")
                    && subject.path("name").asText().equals(serviceAccount)
                    && subject.path("namespace").asText(binding.namespace()).equals(namespace)) {
                return true;
            }
        }
        return false;
    }

    private static Properties properties(Manifests manifests, KubeObject worker) {
        Properties properties = new Properties();
        for (JsonNode volume : worker.at("/spec/template/spec/volumes")) {
            String name = volume.at("/configMap/name").asText("");
            manifests.find("ConfigMap", worker.namespace(), name).ifPresent(map -> {
                load(properties, map.at("/data/application.properties").asText(""));
                load(properties, map.at("/data/site.properties").asText(""));
            });
        }
        return properties;
    }

    private static void load(Properties properties, String text) {
        try {
            properties.load(new StringReader(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
