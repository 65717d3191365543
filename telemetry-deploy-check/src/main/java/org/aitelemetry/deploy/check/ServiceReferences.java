package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * Traffic reaches something: a Service selects pods and targets ports they declare; a Route names a Service and one
 * of its ports; a ServiceMonitor selects a Service and names its port; a PodMonitor selects pods and names a port
 * they declare.
 */
final class ServiceReferences implements Check {

    @Override
    public List<Finding> check(Manifests manifests) {
        List<Finding> findings = new ArrayList<>();
        List<PodTemplate> pods = PodTemplate.all(manifests);
        for (KubeObject service : manifests.ofKind("Service")) {
            List<PodTemplate> selected = pods.stream().filter(p -> p.namespace().equals(service.namespace())
                    && LabelSelector.mapMatches(service.at("/spec/selector"), p.labels())).toList();
            if (selected.isEmpty()) {
                findings.add(Finding.of(service, "selects no pod"));
            }
            for (JsonNode port : service.at("/spec/ports")) {
                JsonNode target = port.path("targetPort");
                if (target.isTextual() && selected.stream().noneMatch(p -> declares(p, target.asText()))) {
                    findings.add(Finding.of(service, "targetPort " + target.asText() + " is no port of its pods"));
                }
            }
        }
        for (KubeObject route : manifests.ofKind("Route")) {
            String name = route.at("/spec/to/name").asText();
            Optional<KubeObject> service = manifests.find("Service", route.namespace(), name);
            if (!route.at("/spec/to/kind").asText().equals("Service") || service.isEmpty()) {
                findings.add(Finding.of(route, "routes to Service " + name + ", which does not exist"));
            } else if (!hasPort(service.get(), route.at("/spec/port/targetPort").asText())) {
                findings.add(Finding.of(route, "targetPort " + route.at("/spec/port/targetPort").asText()
                        + " is no port of Service " + name));
            }
        }
        for (KubeObject monitor : manifests.ofKind("ServiceMonitor")) {
            List<KubeObject> services = manifests.ofKind("Service").stream()
                    .filter(s -> s.namespace().equals(monitor.namespace())
                            && LabelSelector.matches(monitor.at("/spec/selector"), s.labels())).toList();
            if (services.isEmpty()) {
                findings.add(Finding.of(monitor, "selects no Service"));
            }
            for (JsonNode endpoint : monitor.at("/spec/endpoints")) {
                String port = endpoint.path("port").asText();
                if (services.stream().noneMatch(s -> hasPort(s, port))) {
                    findings.add(Finding.of(monitor, "port " + port + " is no port of the Services it selects"));
                }
            }
        }
        for (KubeObject monitor : manifests.ofKind("PodMonitor")) {
            List<PodTemplate> selected = pods.stream().filter(p -> p.namespace().equals(monitor.namespace())
                    && LabelSelector.matches(monitor.at("/spec/selector"), p.labels())).toList();
            if (selected.isEmpty()) {
                findings.add(Finding.of(monitor, "selects no pod"));
            }
            for (JsonNode endpoint : monitor.at("/spec/podMetricsEndpoints")) {
                String port = endpoint.path("port").asText();
                if (!selected.isEmpty() && selected.stream().noneMatch(p -> declares(p, port))) {
                    findings.add(Finding.of(monitor, "port " + port + " is no port of the pods it selects"));
                }
            }
        }
        return findings;
    }

    private static boolean declares(PodTemplate pod, String portName) {
        return pod.containers().stream().anyMatch(c -> {
            for (JsonNode port : c.path("ports")) {
                if (port.path("name").asText().equals(portName)) {
                    return true;
                }
            }
            return false;
        });
    }

    private static boolean hasPort(KubeObject service, String port) {
        for (JsonNode candidate : service.at("/spec/ports")) {
            if (candidate.path("name").asText().equals(port) || candidate.path("port").asText().equals(port)) {
                return true;
            }
        }
        return false;
    }
}
