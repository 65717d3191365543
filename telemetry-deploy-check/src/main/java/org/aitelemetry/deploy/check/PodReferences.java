package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * What a pod names exists: its ServiceAccount (named explicitly, never the namespace's default), its PriorityClass,
 * and every ConfigMap and Secret of its environment and volumes, in its namespace, either among the manifests (for a
 * ConfigMap also the key) or listed as external.
 */
final class PodReferences implements Check {

    private final ExternalObjects external;

    PodReferences(ExternalObjects external) {
        this.external = external;
    }

    @Override
    public List<Finding> check(Manifests manifests) {
        List<Finding> findings = new ArrayList<>();
        for (PodTemplate pod : PodTemplate.all(manifests)) {
            Refs refs = new Refs(manifests, pod, findings);
            String account = pod.spec().path("serviceAccountName").asText("");
            if (account.isEmpty() || account.equals("default")) {
                findings.add(Finding.of(pod.owner(), "runs as the namespace's default ServiceAccount"));
            } else if (manifests.find("ServiceAccount", pod.namespace(), account).isEmpty()) {
                findings.add(Finding.of(pod.owner(), "ServiceAccount " + account + " does not exist"));
            }
            String priority = pod.spec().path("priorityClassName").asText("");
            if (!priority.isEmpty() && !priority.startsWith("system-")
                    && manifests.find("PriorityClass", "", priority).isEmpty()) {
                findings.add(Finding.of(pod.owner(), "PriorityClass " + priority + " does not exist"));
            }
            for (JsonNode volume : pod.spec().path("volumes")) {
                refs.configMap(volume.path("configMap"), "name", volume.path("configMap").path("items"));
                refs.secret(volume.path("secret").path("secretName"));
                for (JsonNode source : volume.path("projected").path("sources")) {
                    refs.configMap(source.path("configMap"), "name", source.path("configMap").path("items"));
                    refs.secret(source.path("secret").path("name"));
                }
            }
            for (JsonNode container : pod.containers()) {
                for (JsonNode env : container.path("env")) {
                    JsonNode configMapKey = env.path("valueFrom").path("configMapKeyRef");
                    refs.configMap(configMapKey, "name", configMapKey.path("key"));
                    refs.secret(env.path("valueFrom").path("secretKeyRef").path("name"));
                }
                for (JsonNode from : container.path("envFrom")) {
                    refs.configMap(from.path("configMapRef"), "name", from.path("missing"));
                    refs.secret(from.path("secretRef").path("name"));
                }
            }
        }
        return findings;
    }

    /** Resolves one pod's references, adding a finding for each that does not resolve. */
    private final class Refs {

        private final Manifests manifests;
        private final PodTemplate pod;
        private final List<Finding> findings;

        Refs(Manifests manifests, PodTemplate pod, List<Finding> findings) {
            this.manifests = manifests;
            this.pod = pod;
            this.findings = findings;
        }

        /** {@code keys}: a key node, an items array of {key, path}, or missing. */
        void configMap(JsonNode reference, String nameField, JsonNode keys) {
            if (reference.isMissingNode()) {
                return;
            }
            String name = reference.path(nameField).asText();
            Optional<KubeObject> configMap = manifests.find("ConfigMap", pod.namespace(), name);
            if (configMap.isEmpty()) {
                findings.add(Finding.of(pod.owner(), "ConfigMap " + name + " does not exist"));
                return;
            }
            List<String> wanted = new ArrayList<>();
            if (keys.isTextual()) {
                wanted.add(keys.asText());
            }
            keys.forEach(item -> wanted.add(item.path("key").asText()));
            for (String key : wanted) {
                if (configMap.get().at("/data/" + key.replace("~", "~0").replace("/", "~1")).isMissingNode()) {
                    findings.add(Finding.of(pod.owner(), "ConfigMap " + name + " has no key " + key));
                }
            }
        }

        void secret(JsonNode nameNode) {
            if (nameNode.isMissingNode()) {
                return;
            }
            String missing = external.missingSecret(manifests, pod.namespace(), nameNode.asText());
            if (missing != null) {
                findings.add(Finding.of(pod.owner(), missing));
            }
        }
    }
}
