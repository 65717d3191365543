package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * Health and metrics stay on the apps' management interface, which nothing routes (contracts.md §7): the port a
 * Deployment's probes ask for {@code /q/health} is targeted by no Service (so no Route reaches it), and metrics are
 * scraped from that port by a PodMonitor, never through a Service.
 */
final class ManagementInterface implements Check {

    private static final String HEALTH = "/q/health";
    private static final String METRICS = "/q/metrics";

    @Override
    public List<Finding> check(Manifests manifests) {
        List<Finding> findings = new ArrayList<>();
        List<PodTemplate> pods = PodTemplate.all(manifests).stream()
                .filter(pod -> pod.owner().kind().equals("Deployment")).toList();
        for (KubeObject service : manifests.ofKind("Service")) {
            for (PodTemplate pod : pods) {
                if (!pod.namespace().equals(service.namespace())
                        || !LabelSelector.mapMatches(service.at("/spec/selector"), pod.labels())) {
                    continue;
                }
                Set<String> management = healthPorts(pod);
                for (JsonNode port : service.at("/spec/ports")) {
                    if (management.contains(port.path("targetPort").asText())) {
                        findings.add(Finding.of(service, "targets port " + port.path("targetPort").asText()
                                + ", where " + pod.owner().id() + " serves health: the management interface must "
                                + "not be routable"));
                    }
                }
            }
        }
        for (KubeObject monitor : manifests.ofKind("PodMonitor")) {
            Set<String> management = new HashSet<>();
            pods.stream().filter(pod -> pod.namespace().equals(monitor.namespace())
                    && LabelSelector.matches(monitor.at("/spec/selector"), pod.labels()))
                    .forEach(pod -> management.addAll(healthPorts(pod)));
            for (JsonNode endpoint : monitor.at("/spec/podMetricsEndpoints")) {
                if (endpoint.path("path").asText().startsWith(METRICS)
                        && !management.contains(endpoint.path("port").asText())) {
                    findings.add(Finding.of(monitor, "scrapes " + METRICS + " on port " + endpoint.path("port")
                            .asText() + ", which is not the management interface of the pods it selects"));
                }
            }
        }
        for (KubeObject monitor : manifests.ofKind("ServiceMonitor")) {
            for (JsonNode endpoint : monitor.at("/spec/endpoints")) {
                if (endpoint.path("path").asText().startsWith(METRICS)) {
                    findings.add(Finding.of(monitor, "scrapes " + METRICS + " through a Service, which never "
                            + "exposes the management interface: use a PodMonitor"));
                }
            }
        }
        return findings;
    }

    /** The ports, by name and number, on which the pod's containers answer their probes' health requests. */
    private static Set<String> healthPorts(PodTemplate pod) {
        Set<String> ports = new HashSet<>();
        for (JsonNode container : pod.containers()) {
            for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
                JsonNode httpGet = container.path(probe).path("httpGet");
                if (httpGet.path("path").asText().startsWith(HEALTH)) {
                    String port = httpGet.path("port").asText();
                    ports.add(port);
                    for (JsonNode declared : container.path("ports")) {
                        if (declared.path("name").asText().equals(port)
                                || declared.path("containerPort").asText().equals(port)) {
                            ports.add(declared.path("name").asText());
                            ports.add(declared.path("containerPort").asText());
                        }
                    }
                }
            }
        }
        ports.remove("");
        return ports;
    }
}
