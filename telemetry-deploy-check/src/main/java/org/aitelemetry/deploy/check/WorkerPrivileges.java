package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * The worker creates Jobs in its probe namespace only, and that namespace is not its own: a RoleBinding there is the
 * one place a role with {@code jobs create} may be bound to it; a ClusterRoleBinding, or a RoleBinding to a
 * ClusterRole or in another namespace, granting it is a finding. Roles of the cluster itself (external ClusterRoles)
 * are not read here: a binding to one is reviewed where it is listed (external-objects.yaml).
 */
final class WorkerPrivileges implements Check {

    @Override
    public List<Finding> check(Manifests manifests) {
        Optional<WorkerSettings> found = WorkerSettings.of(manifests);
        if (found.isEmpty()) {
            return List.of();
        }
        WorkerSettings worker = found.get();
        List<Finding> findings = new ArrayList<>();
        if (worker.probeNamespace().equals(worker.namespace())) {
            findings.add(new Finding("Deployment " + worker.namespace() + "/" + WorkerSettings.DEPLOYMENT,
                    "runs its probe Jobs in its own namespace: give them a namespace of their own "
                            + "(telemetry.kubernetes.probe-namespace)"));
        }
        List<KubeObject> bindings = new ArrayList<>(manifests.ofKind("RoleBinding"));
        bindings.addAll(manifests.ofKind("ClusterRoleBinding"));
        for (KubeObject binding : bindings) {
            if (!worker.binds(binding) || !createsJobs(role(manifests, binding))) {
                continue;
            }
            boolean inProbeNamespace = binding.kind().equals("RoleBinding")
                    && binding.at("/roleRef/kind").asText().equals("Role")
                    && binding.namespace().equals(worker.probeNamespace());
            if (!inProbeNamespace) {
                findings.add(Finding.of(binding, "lets the worker create Jobs outside its probe namespace "
                        + worker.probeNamespace()));
            }
        }
        return findings;
    }

    private static Optional<KubeObject> role(Manifests manifests, KubeObject binding) {
        String kind = binding.at("/roleRef/kind").asText();
        return manifests.find(kind, kind.equals("Role") ? binding.namespace() : "", binding.at("/roleRef/name")
                .asText());
    }

    private static boolean createsJobs(Optional<KubeObject> role) {
        if (role.isEmpty()) {
            return false;
        }
        for (JsonNode rule : role.get().at("/rules")) {
            if (contains(rule.path("apiGroups"), "batch") && contains(rule.path("resources"), "jobs")
                    && contains(rule.path("verbs"), "create")) {
                return true;
            }
        }
        return false;
    }

    /** The value itself or the wildcard. */
    private static boolean contains(JsonNode list, String value) {
        for (JsonNode item : list) {
            if (item.asText().equals(value) || item.asText().equals("*")) {
                return true;
            }
        }
        return false;
    }
}
