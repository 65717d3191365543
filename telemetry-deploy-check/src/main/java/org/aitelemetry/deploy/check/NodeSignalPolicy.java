package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * A worker that may patch Nodes is held to its own condition and taint on GPU nodes by a ValidatingAdmissionPolicy
 * (deploy/openshift/admission/node-signal-policy.yaml): bound with Deny, failing closed, matching the worker's
 * updates of nodes and nodes/status; its constants are the worker's condition type, taint key and effect and the GPU
 * label the probe template selects nodes by; every guard is a validation and compares what it must.
 *
 * <p>This reads the policy's structure. Nothing here evaluates CEL (no CEL library is available to the build): that
 * an expression means what its guard's name says is checked by the API server alone, when the policy is applied and
 * on every request (docs/security.md, "Least privilege on OpenShift").
 */
final class NodeSignalPolicy implements Check {

    /** Each guard variable, with what its expression must mention to guard anything. */
    private static final Map<String, List<String>> GUARDS = guards();

    @Override
    public List<Finding> check(Manifests manifests) {
        Optional<WorkerSettings> worker = WorkerSettings.of(manifests);
        if (worker.isEmpty() || !patchesNodes(manifests, worker.get())) {
            return List.of();
        }
        Optional<KubeObject> policy = manifests.ofKind("ValidatingAdmissionPolicy").stream()
                .filter(p -> boundToDeny(manifests, p) && namesUser(p, worker.get().username())).findFirst();
        if (policy.isEmpty()) {
            return List.of(new Finding("Deployment " + worker.get().namespace() + "/" + WorkerSettings.DEPLOYMENT,
                    "may patch Nodes, and no ValidatingAdmissionPolicy bound with Deny matches its requests"));
        }
        return policyFindings(manifests, policy.get(), worker.get());
    }

    private static List<Finding> policyFindings(Manifests manifests, KubeObject policy, WorkerSettings worker) {
        List<Finding> findings = new ArrayList<>();
        if (!policy.at("/spec/failurePolicy").asText("Fail").equals("Fail")) {
            findings.add(Finding.of(policy, "failurePolicy is not Fail: an expression in error would let writes by"));
        }
        for (String resource : List.of("nodes", "nodes/status")) {
            if (!matches(policy, resource)) {
                findings.add(Finding.of(policy, "does not match UPDATE of " + resource));
            }
        }
        Map<String, String> variables = new LinkedHashMap<>();
        policy.at("/spec/variables").forEach(v -> variables.put(v.path("name").asText(), v.path("expression")
                .asText().strip()));
        constant(findings, policy, variables, "conditionType", Set.of(worker.conditionType()));
        constant(findings, policy, variables, "taintKey", Set.of(worker.taintKey()));
        constant(findings, policy, variables, "taintEffect", Set.of(worker.taintEffect()));
        constant(findings, policy, variables, "gpuLabel", gpuLabels(manifests));
        Set<String> validations = new TreeSet<>();
        policy.at("/spec/validations").forEach(v -> validations.add(v.path("expression").asText().strip()));
        GUARDS.forEach((guard, mentions) -> {
            String expression = variables.getOrDefault(guard, "");
            if (!validations.contains("variables." + guard)) {
                findings.add(Finding.of(policy, "no validation is variables." + guard));
            }
            for (String mention : mentions) {
                if (!expression.contains(mention)) {
                    findings.add(Finding.of(policy, "variable " + guard + " does not read " + mention));
                }
            }
        });
        return findings;
    }

    private static void constant(List<Finding> findings, KubeObject policy, Map<String, String> variables,
            String name, Set<String> allowed) {
        String expression = variables.getOrDefault(name, "");
        boolean quoted = expression.length() > 1 && expression.startsWith("'") && expression.endsWith("'");
        if (!quoted || !allowed.contains(expression.substring(1, expression.length() - 1))) {
            findings.add(Finding.of(policy, "variable " + name + " is " + expression + ", expected one of "
                    + allowed));
        }
    }

    /** The labels the probe templates select their nodes by (value "true"), e.g. nvidia.com/gpu.present. */
    private static Set<String> gpuLabels(Manifests manifests) {
        Set<String> labels = new TreeSet<>();
        for (PodTemplate template : PodTemplate.all(manifests)) {
            if (template.labels().containsKey("aitelemetry.org/health-check")) {
                template.spec().path("nodeSelector").fields().forEachRemaining(f -> {
                    if (f.getValue().asText().equals("true")) {
                        labels.add(f.getKey());
                    }
                });
            }
        }
        return labels;
    }

    private static boolean matches(KubeObject policy, String resource) {
        for (JsonNode rule : policy.at("/spec/matchConstraints/resourceRules")) {
            if (has(rule.path("apiGroups"), "") && has(rule.path("operations"), "UPDATE")
                    && has(rule.path("resources"), resource)) {
                return true;
            }
        }
        return false;
    }

    private static boolean boundToDeny(Manifests manifests, KubeObject policy) {
        return manifests.ofKind("ValidatingAdmissionPolicyBinding").stream().anyMatch(binding ->
                binding.at("/spec/policyName").asText().equals(policy.name())
                        && has(binding.at("/spec/validationActions"), "Deny")
                        && binding.at("/spec/matchResources").isMissingNode());
    }

    private static boolean namesUser(KubeObject policy, String username) {
        for (JsonNode condition : policy.at("/spec/matchConditions")) {
            if (condition.path("expression").asText().strip()
                    .equals("request.userInfo.username == '" + username + "'")) {
                return true;
            }
        }
        return false;
    }

    private static boolean patchesNodes(Manifests manifests, WorkerSettings worker) {
        return manifests.ofKind("ClusterRoleBinding").stream().filter(worker::binds)
                .map(b -> manifests.find("ClusterRole", "", b.at("/roleRef/name").asText()))
                .flatMap(Optional::stream).flatMap(role -> toList(role.at("/rules")).stream())
                .anyMatch(rule -> has(rule.path("apiGroups"), "") && (has(rule.path("resources"), "nodes")
                        || has(rule.path("resources"), "nodes/status"))
                        && (has(rule.path("verbs"), "patch") || has(rule.path("verbs"), "update")));
    }

    private static List<JsonNode> toList(JsonNode array) {
        List<JsonNode> items = new ArrayList<>();
        array.forEach(items::add);
        return items;
    }

    /** The value itself or the wildcard. */
    private static boolean has(JsonNode list, String value) {
        for (JsonNode item : list) {
            if (item.asText().equals(value) || item.asText().equals("*")) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, List<String>> guards() {
        Map<String, List<String>> guards = new LinkedHashMap<>();
        guards.put("gpuNode", List.of("oldObject.metadata", "variables.gpuLabel", "== 'true'"));
        guards.put("otherTaintsKept", List.of("object.spec.?taints", "oldObject.spec.?taints", "!= variables.taintKey"));
        guards.put("ownTaintOnly", List.of("object.spec.?taints", "== variables.taintKey", "variables.taintEffect"));
        guards.put("otherConditionsKept", List.of("object.status.?conditions", "oldObject.status.?conditions",
                "!= variables.conditionType"));
        guards.put("ownConditionOnly", List.of("object.status.?conditions", "== variables.conditionType"));
        guards.put("metadataKept", List.of("object.metadata.?labels", "oldObject.metadata.?labels"));
        guards.put("restOfNodeKept", List.of("unschedulable", "capacity", "allocatable", "addresses"));
        return Collections.unmodifiableMap(guards);
    }
}
