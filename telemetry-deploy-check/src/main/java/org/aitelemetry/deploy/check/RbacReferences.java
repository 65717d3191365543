package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * Bindings bind something: the Role (same namespace) or ClusterRole exists, among the manifests or as one of the
 * cluster's own roles listed as external; every ServiceAccount subject exists in the namespace it names.
 */
final class RbacReferences implements Check {

    private final ExternalObjects external;

    RbacReferences(ExternalObjects external) {
        this.external = external;
    }

    @Override
    public List<Finding> check(Manifests manifests) {
        List<Finding> findings = new ArrayList<>();
        List<KubeObject> bindings = new ArrayList<>(manifests.ofKind("RoleBinding"));
        bindings.addAll(manifests.ofKind("ClusterRoleBinding"));
        for (KubeObject binding : bindings) {
            String kind = binding.at("/roleRef/kind").asText();
            String role = binding.at("/roleRef/name").asText();
            boolean exists = kind.equals("Role")
                    ? binding.kind().equals("RoleBinding") && manifests.find("Role", binding.namespace(), role)
                            .isPresent()
                    : manifests.find("ClusterRole", "", role).isPresent() || external.clusterRoles().contains(role);
            if (!exists) {
                findings.add(Finding.of(binding, "binds " + kind + " " + role + ", which does not exist"));
            }
            for (JsonNode subject : binding.at("/subjects")) {
                if (!subject.path("kind").asText().equals("ServiceAccount")) {
                    findings.add(Finding.of(binding, "binds a " + subject.path("kind").asText()
                            + ": only ServiceAccounts of this deployment"));
                    continue;
                }
                String namespace = subject.path("namespace").asText(binding.namespace());
                String account = subject.path("name").asText();
                if (manifests.find("ServiceAccount", namespace, account).isEmpty()) {
                    findings.add(Finding.of(binding, "subject ServiceAccount " + namespace + "/" + account
                            + " does not exist"));
                }
            }
        }
        return findings;
    }
}
