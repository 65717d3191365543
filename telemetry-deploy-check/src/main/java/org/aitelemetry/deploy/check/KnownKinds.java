package org.aitelemetry.deploy.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * Every object names apiVersion, kind and metadata.name; its kind is one the deployment is meant to use, at the API
 * version the cluster's operators serve; namespaced kinds carry a namespace (kustomize sets it), cluster-scoped ones
 * none.
 */
final class KnownKinds implements Check {

    private static final Map<String, String> API_VERSIONS = Map.ofEntries(
            Map.entry("Namespace", "v1"),
            Map.entry("ServiceAccount", "v1"),
            Map.entry("Service", "v1"),
            Map.entry("ConfigMap", "v1"),
            Map.entry("Secret", "v1"),
            Map.entry("Deployment", "apps/v1"),
            Map.entry("Job", "batch/v1"),
            Map.entry("CronJob", "batch/v1"),
            Map.entry("PodDisruptionBudget", "policy/v1"),
            Map.entry("HorizontalPodAutoscaler", "autoscaling/v2"),
            Map.entry("NetworkPolicy", "networking.k8s.io/v1"),
            Map.entry("Role", "rbac.authorization.k8s.io/v1"),
            Map.entry("RoleBinding", "rbac.authorization.k8s.io/v1"),
            Map.entry("ClusterRole", "rbac.authorization.k8s.io/v1"),
            Map.entry("ClusterRoleBinding", "rbac.authorization.k8s.io/v1"),
            Map.entry("PriorityClass", "scheduling.k8s.io/v1"),
            Map.entry("ValidatingAdmissionPolicy", "admissionregistration.k8s.io/v1"),
            Map.entry("ValidatingAdmissionPolicyBinding", "admissionregistration.k8s.io/v1"),
            Map.entry("Route", "route.openshift.io/v1"),
            Map.entry("ServiceMonitor", "monitoring.coreos.com/v1"),
            Map.entry("PodMonitor", "monitoring.coreos.com/v1"),
            Map.entry("PrometheusRule", "monitoring.coreos.com/v1"),
            Map.entry("AlertmanagerConfig", "monitoring.coreos.com/v1beta1"),
            Map.entry("Cluster", "postgresql.cnpg.io/v1"),
            Map.entry("ScheduledBackup", "postgresql.cnpg.io/v1"),
            Map.entry("OpenTelemetryCollector", "opentelemetry.io/v1beta1"),
            Map.entry("TempoMonolithic", "tempo.grafana.com/v1alpha1"),
            Map.entry("KeycloakRealmImport", "k8s.keycloak.org/v2alpha1"),
            Map.entry("KafkaTopic", "kafka.strimzi.io/v1beta2"),
            Map.entry("KafkaUser", "kafka.strimzi.io/v1beta2"));

    private static final Set<String> CLUSTER_SCOPED = Set.of("Namespace", "ClusterRole", "ClusterRoleBinding",
            "PriorityClass", "ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding");

    @Override
    public List<Finding> check(Manifests manifests) {
        List<Finding> findings = new ArrayList<>();
        for (KubeObject object : manifests.objects()) {
            if (object.apiVersion().isEmpty() || object.kind().isEmpty() || object.name().isEmpty()) {
                findings.add(Finding.of(object, "apiVersion, kind and metadata.name are required"));
                continue;
            }
            String expected = API_VERSIONS.get(object.kind());
            if (expected == null) {
                findings.add(Finding.of(object, "kind " + object.kind() + " is not one this deployment uses "
                        + "(telemetry-deploy-check: KnownKinds)"));
            } else if (!expected.equals(object.apiVersion())) {
                findings.add(Finding.of(object, "apiVersion " + object.apiVersion() + ", expected " + expected));
            }
            boolean clusterScoped = CLUSTER_SCOPED.contains(object.kind());
            if (clusterScoped != object.namespace().isEmpty()) {
                findings.add(Finding.of(object, clusterScoped ? "is cluster-scoped but has a namespace"
                        : "has no namespace"));
            }
        }
        return findings;
    }
}
