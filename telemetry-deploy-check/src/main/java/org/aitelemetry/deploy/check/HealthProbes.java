package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.deploy.render.Manifests;

/** Every container of a Deployment has a liveness and a readiness probe on a named container port. */
final class HealthProbes implements Check {

    @Override
    public List<Finding> check(Manifests manifests) {
        List<Finding> findings = new ArrayList<>();
        for (PodTemplate pod : PodTemplate.all(manifests)) {
            if (!pod.owner().kind().equals("Deployment")) {
                continue;
            }
            for (JsonNode container : pod.spec().path("containers")) {
                for (String probe : List.of("livenessProbe", "readinessProbe")) {
                    JsonNode port = container.path(probe).path("httpGet").path("port");
                    if (port.isMissingNode()) {
                        findings.add(Finding.of(pod.owner(), "container " + container.path("name").asText()
                                + " has no " + probe + " (httpGet)"));
                    } else if (port.isTextual() && !hasPort(container, port.asText())) {
                        findings.add(Finding.of(pod.owner(), probe + " names port " + port.asText()
                                + ", which the container does not declare"));
                    }
                }
            }
        }
        return findings;
    }

    private static boolean hasPort(JsonNode container, String name) {
        for (JsonNode port : container.path("ports")) {
            if (port.path("name").asText().equals(name)) {
                return true;
            }
        }
        return false;
    }
}
