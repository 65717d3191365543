package org.aitelemetry.deploy.check;

import static org.aitelemetry.deploy.check.OverlayEdits.add;
import static org.aitelemetry.deploy.check.OverlayEdits.edit;
import static org.aitelemetry.deploy.check.OverlayEdits.obj;
import static org.aitelemetry.deploy.check.OverlayEdits.remove;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.aitelemetry.deploy.DeployTree;
import org.aitelemetry.deploy.render.Manifests;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Least privilege and transport security (issue 18 item 8, docs/security.md "Least privilege on OpenShift"): each case
 * breaks one thing in a copy of the rendered example overlay, which passes as it is (ManifestValidatorTest), and
 * expects the finding that names it. The admission policy's cases change its structure, since nothing here evaluates
 * CEL: a guard dropped, made trivially true, or pinned to another constant.
 */
class LeastPrivilegeRulesTest {

    private static Manifests rendered;
    private static ManifestValidator validator;

    @BeforeAll
    static void render() {
        rendered = DeployTree.render(DeployTree.OBSERVABILITY);
        validator = new ManifestValidator(DeployTree.external());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mistakes")
    void findsTheMistake(String mistake, UnaryOperator<Manifests> breakIt, String expected) {
        List<Finding> findings = validator.validate(breakIt.apply(rendered.copy()));

        assertThat(findings).extracting(Finding::toString).anySatisfy(f -> assertThat(f).contains(expected));
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                mistake("a Route without HSTS",
                        edit("Route", "telemetry-site", o -> obj(o, "/metadata/annotations")
                                .remove(RouteTransport.HSTS)),
                        "Route ai-telemetry/telemetry-site: no HSTS of at least a year"),
                mistake("a Route with a short HSTS",
                        edit("Route", "telemetry-worker", o -> obj(o, "/metadata/annotations")
                                .put(RouteTransport.HSTS, "max-age=300")),
                        "Route ai-telemetry/telemetry-worker: no HSTS of at least a year"),
                mistake("a Route serving plain HTTP",
                        edit("Route", "telemetry-site", o -> obj(o, "/spec/tls")
                                .put("insecureEdgeTerminationPolicy", "Allow")),
                        "plain HTTP is not redirected to HTTPS"),
                mistake("a Deployment with open egress",
                        remove("NetworkPolicy", "telemetry-site-egress"),
                        "Deployment ai-telemetry/telemetry-site: no NetworkPolicy limits its pods' egress"),
                mistake("an egress policy that is ingress only",
                        edit("NetworkPolicy", "telemetry-worker-egress", o -> obj(o, "/spec")
                                .putArray("policyTypes").add("Ingress")),
                        "Deployment ai-telemetry/telemetry-worker: no NetworkPolicy limits its pods' egress"),
                mistake("probe pods with open egress",
                        remove("NetworkPolicy", "gpu-probe-egress"),
                        "the worker's probe Jobs in ai-telemetry-probes: no NetworkPolicy limits their pods' egress"),
                mistake("a ClusterRole letting the worker create Jobs everywhere",
                        edit("ClusterRole", "ai-telemetry-worker-nodes", o -> ((ArrayNode) o.at("/rules"))
                                .addObject().<ObjectNode>set("apiGroups", strings("batch"))
                                .<ObjectNode>set("resources", strings("jobs")).set("verbs", strings("create"))),
                        "ClusterRoleBinding ai-telemetry-worker-nodes: lets the worker create Jobs outside its "
                                + "probe namespace"),
                mistake("a Role letting the worker create Jobs in its own namespace",
                        add("""
                                apiVersion: rbac.authorization.k8s.io/v1
                                kind: Role
                                metadata: {name: jobs, namespace: ai-telemetry}
                                rules: [{apiGroups: [batch], resources: [jobs], verbs: [create]}]
                                ---
                                apiVersion: rbac.authorization.k8s.io/v1
                                kind: RoleBinding
                                metadata: {name: jobs, namespace: ai-telemetry}
                                roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: jobs}
                                subjects: [{kind: ServiceAccount, name: telemetry-worker, namespace: ai-telemetry}]
                                """),
                        "RoleBinding ai-telemetry/jobs: lets the worker create Jobs outside its probe namespace "
                                + "ai-telemetry-probes"),
                mistake("probe Jobs in the worker's own namespace",
                        editWorkerProperties("telemetry.kubernetes.probe-namespace=ai-telemetry-probes",
                                "telemetry.kubernetes.probe-namespace=ai-telemetry"),
                        "runs its probe Jobs in its own namespace"),
                mistake("no admission policy on the worker's node patches",
                        remove("ValidatingAdmissionPolicy", "ai-telemetry-worker-node-signal"),
                        "may patch Nodes, and no ValidatingAdmissionPolicy bound with Deny matches its requests"),
                mistake("an admission policy that only warns",
                        edit("ValidatingAdmissionPolicyBinding", "ai-telemetry-worker-node-signal", o -> obj(o,
                                "/spec").set("validationActions", strings("Warn"))),
                        "no ValidatingAdmissionPolicy bound with Deny"),
                mistake("an admission policy for another user",
                        edit("ValidatingAdmissionPolicy", "ai-telemetry-worker-node-signal", o -> obj(o,
                                "/spec/matchConditions/0").put("expression",
                                "request.userInfo.username == 'system:serviceaccount:ai-telemetry:telemetry-site'")),
                        "no ValidatingAdmissionPolicy bound with Deny matches its requests"),
                mistake("an admission policy that fails open",
                        policy(o -> obj(o, "/spec").put("failurePolicy", "Ignore")),
                        "failurePolicy is not Fail"),
                mistake("an admission policy blind to the status subresource",
                        policy(o -> obj(o, "/spec/matchConstraints/resourceRules/0").set("resources",
                                strings("nodes"))),
                        "does not match UPDATE of nodes/status"),
                mistake("a policy letting another condition change: guard dropped",
                        policy(o -> dropValidation(o, "variables.otherConditionsKept")),
                        "no validation is variables.otherConditionsKept"),
                mistake("a policy letting another condition change: guard always true",
                        policy(o -> variable(o, "otherConditionsKept", "true")),
                        "variable otherConditionsKept does not read oldObject.status.?conditions"),
                mistake("a policy guarding another condition type",
                        policy(o -> variable(o, "conditionType", "'Ready'")),
                        "variable conditionType is 'Ready', expected one of [GpuHealthy]"),
                mistake("a policy letting another taint change",
                        policy(o -> variable(o, "otherTaintsKept",
                                "object.spec.?taints.orValue([]).size() >= 0")),
                        "variable otherTaintsKept does not read oldObject.spec.?taints"),
                mistake("a policy guarding another taint",
                        policy(o -> variable(o, "taintKey", "'node.kubernetes.io/unschedulable'")),
                        "variable taintKey is 'node.kubernetes.io/unschedulable', expected one of "
                                + "[aitelemetry.org/gpu-unhealthy]"),
                mistake("a policy letting the worker patch a non-GPU node",
                        policy(o -> variable(o, "gpuNode", "true")),
                        "variable gpuNode does not read variables.gpuLabel"),
                mistake("a policy whose GPU label no probe selects nodes by",
                        policy(o -> variable(o, "gpuLabel", "'node-role.kubernetes.io/worker'")),
                        "variable gpuLabel is 'node-role.kubernetes.io/worker', expected one of "
                                + "[nvidia.com/gpu.present]"),
                mistake("a policy letting the worker cordon a node",
                        policy(o -> dropValidation(o, "variables.restOfNodeKept")),
                        "no validation is variables.restOfNodeKept"));
    }

    private static Arguments mistake(String name, UnaryOperator<Manifests> breakIt, String expected) {
        return Arguments.of(name, breakIt, expected);
    }

    private static UnaryOperator<Manifests> policy(Consumer<ObjectNode> change) {
        return edit("ValidatingAdmissionPolicy", "ai-telemetry-worker-node-signal", change);
    }

    private static void variable(ObjectNode policy, String name, String expression) {
        for (JsonNode variable : policy.at("/spec/variables")) {
            if (variable.path("name").asText().equals(name)) {
                ((ObjectNode) variable).put("expression", expression);
                return;
            }
        }
        throw new AssertionError("no variable " + name);
    }

    private static void dropValidation(ObjectNode policy, String expression) {
        ArrayNode validations = (ArrayNode) policy.at("/spec/validations");
        for (int i = 0; i < validations.size(); i++) {
            if (validations.get(i).path("expression").asText().equals(expression)) {
                validations.remove(i);
                return;
            }
        }
        throw new AssertionError("no validation " + expression);
    }

    /** Replaces text in the worker's application.properties. */
    private static UnaryOperator<Manifests> editWorkerProperties(String from, String to) {
        return edit("ConfigMap", null, o -> {
            JsonNode data = o.at("/data/application.properties");
            if (!data.isMissingNode() && o.at("/metadata/name").asText().startsWith("telemetry-worker")) {
                assertThat(data.asText()).contains(from);
                obj(o, "/data").put("application.properties", data.asText().replace(from, to));
            }
        });
    }

    private static ArrayNode strings(String... values) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (String value : values) {
            array.add(value);
        }
        return array;
    }
}
