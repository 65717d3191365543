package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * Selectors and targets that would silently do nothing: a PodDisruptionBudget or NetworkPolicy (its pod selector and
 * the same-namespace pod selectors of its peers) that selects no known pod; an autoscaler whose Deployment does not
 * exist, or sets replicas that every apply would reset.
 */
final class SelectorReferences implements Check {

    @Override
    public List<Finding> check(Manifests manifests) {
        List<Finding> findings = new ArrayList<>();
        List<KnownPods.Pod> pods = KnownPods.of(manifests);
        for (KubeObject budget : manifests.ofKind("PodDisruptionBudget")) {
            if (!selectsAny(pods, budget.namespace(), budget.at("/spec/selector"))) {
                findings.add(Finding.of(budget, "selects no pod"));
            }
        }
        for (KubeObject policy : manifests.ofKind("NetworkPolicy")) {
            if (!selectsAny(pods, policy.namespace(), policy.at("/spec/podSelector"))) {
                findings.add(Finding.of(policy, "podSelector selects no pod"));
            }
            for (String direction : List.of("/spec/ingress", "/spec/egress")) {
                for (JsonNode rule : policy.at(direction)) {
                    for (JsonNode peer : rule.path(direction.endsWith("ingress") ? "from" : "to")) {
                        if (peer.has("podSelector") && !peer.has("namespaceSelector")
                                && !selectsAny(pods, policy.namespace(), peer.path("podSelector"))) {
                            findings.add(Finding.of(policy, "a peer's podSelector selects no pod"));
                        }
                    }
                }
            }
        }
        for (KubeObject autoscaler : manifests.ofKind("HorizontalPodAutoscaler")) {
            String kind = autoscaler.at("/spec/scaleTargetRef/kind").asText();
            String name = autoscaler.at("/spec/scaleTargetRef/name").asText();
            var target = manifests.find(kind, autoscaler.namespace(), name);
            if (target.isEmpty()) {
                findings.add(Finding.of(autoscaler, "scales " + kind + " " + name + ", which does not exist"));
            } else if (target.get().at("/spec/replicas").isNumber()) {
                findings.add(Finding.of(autoscaler, kind + " " + name + " sets replicas, which every apply resets"));
            }
        }
        return findings;
    }

    private static boolean selectsAny(List<KnownPods.Pod> pods, String namespace, JsonNode selector) {
        return pods.stream().anyMatch(p -> p.namespace().equals(namespace)
                && LabelSelector.matches(selector, p.labels()));
    }
}
