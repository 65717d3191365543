package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/** The pod template of a workload (Deployment, StatefulSet, DaemonSet, Job, CronJob). */
record PodTemplate(KubeObject owner, JsonNode spec, Map<String, String> labels) {

    private static final Map<String, String> TEMPLATE_PATHS = Map.of(
            "Deployment", "/spec/template",
            "StatefulSet", "/spec/template",
            "DaemonSet", "/spec/template",
            "Job", "/spec/template",
            "CronJob", "/spec/jobTemplate/spec/template");

    static List<PodTemplate> all(Manifests manifests) {
        List<PodTemplate> templates = new ArrayList<>();
        for (KubeObject object : manifests.objects()) {
            String path = TEMPLATE_PATHS.get(object.kind());
            if (path != null) {
                JsonNode template = object.at(path);
                Map<String, String> labels = new LinkedHashMap<>();
                template.path("metadata").path("labels").fields()
                        .forEachRemaining(f -> labels.put(f.getKey(), f.getValue().asText()));
                templates.add(new PodTemplate(object, template.path("spec"), labels));
            }
        }
        return templates;
    }

    String namespace() {
        return owner.namespace();
    }

    /** Containers and init containers. */
    List<JsonNode> containers() {
        List<JsonNode> containers = new ArrayList<>();
        spec.path("initContainers").forEach(containers::add);
        spec.path("containers").forEach(containers::add);
        return containers;
    }
}
