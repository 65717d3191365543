package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.deploy.render.Manifests;

/**
 * Every pod meets OpenShift's restricted-v2 SCC and the restricted Pod Security Standard on its own, explicitly:
 * non-root, RuntimeDefault seccomp, no privilege escalation, every capability dropped, nothing from the host; and
 * every container states its CPU and memory requests and a memory limit.
 */
final class RestrictedPods implements Check {

    @Override
    public List<Finding> check(Manifests manifests) {
        List<Finding> findings = new ArrayList<>();
        for (PodTemplate pod : PodTemplate.all(manifests)) {
            JsonNode podContext = pod.spec().path("securityContext");
            for (String host : List.of("hostNetwork", "hostPID", "hostIPC")) {
                if (pod.spec().path(host).asBoolean(false)) {
                    findings.add(Finding.of(pod.owner(), host + " is set"));
                }
            }
            for (JsonNode volume : pod.spec().path("volumes")) {
                if (volume.has("hostPath")) {
                    findings.add(Finding.of(pod.owner(), "volume " + volume.path("name").asText() + " is a hostPath"));
                }
            }
            for (JsonNode container : pod.containers()) {
                containerFindings(podContext, container).forEach(problem -> findings.add(Finding.of(pod.owner(),
                        "container " + container.path("name").asText() + ": " + problem)));
            }
        }
        return findings;
    }

    private static List<String> containerFindings(JsonNode podContext, JsonNode container) {
        List<String> problems = new ArrayList<>();
        JsonNode context = container.path("securityContext");
        if (!context.path("runAsNonRoot").asBoolean(podContext.path("runAsNonRoot").asBoolean(false))) {
            problems.add("runAsNonRoot is not true");
        }
        String seccomp = context.path("seccompProfile").path("type")
                .asText(podContext.path("seccompProfile").path("type").asText(""));
        if (!seccomp.equals("RuntimeDefault")) {
            problems.add("seccompProfile is not RuntimeDefault");
        }
        if (!context.path("allowPrivilegeEscalation").isBoolean() || context.path("allowPrivilegeEscalation")
                .asBoolean()) {
            problems.add("allowPrivilegeEscalation is not false");
        }
        if (context.path("privileged").asBoolean(false)) {
            problems.add("is privileged");
        }
        boolean dropsAll = false;
        for (JsonNode capability : context.path("capabilities").path("drop")) {
            dropsAll |= capability.asText().equals("ALL");
        }
        if (!dropsAll) {
            problems.add("capabilities do not drop ALL");
        }
        if (context.path("capabilities").path("add").size() > 0) {
            problems.add("adds capabilities");
        }
        JsonNode resources = container.path("resources");
        for (String required : List.of("requests/cpu", "requests/memory", "limits/memory")) {
            if (resources.at("/" + required).isMissingNode()) {
                problems.add("resources." + required.replace('/', '.') + " is not set");
            }
        }
        return problems;
    }
}
