package org.aitelemetry.deploy.check;

import static org.aitelemetry.deploy.check.OverlayEdits.edit;
import static org.aitelemetry.deploy.check.OverlayEdits.obj;
import static org.aitelemetry.deploy.check.OverlayEdits.remove;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.aitelemetry.deploy.DeployTree;
import org.aitelemetry.deploy.render.Manifests;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The validator catches each kind of mistake: every case breaks one thing in a copy of the rendered example overlay
 * (which passes as it is, OverlaysTest) and expects the finding that names it.
 */
class ManifestValidatorTest {

    private static Manifests rendered;
    private static ManifestValidator validator;

    @BeforeAll
    static void render() {
        rendered = DeployTree.render(DeployTree.OBSERVABILITY);
        validator = new ManifestValidator(DeployTree.external());
    }

    @Test
    void theUnbrokenOverlayHasNoFinding() {
        assertThat(validator.validate(rendered.copy())).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mistakes")
    void findsTheMistake(String mistake, UnaryOperator<Manifests> breakIt, String expected) {
        List<Finding> findings = validator.validate(breakIt.apply(rendered.copy()));

        assertThat(findings).extracting(Finding::toString).anySatisfy(f -> assertThat(f).contains(expected));
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                mistake("a Service selecting no pod",
                        edit("Service", "telemetry-site", o -> obj(o, "/spec/selector").put("app.kubernetes.io/name",
                                "telemetry-sight")),
                        "Service ai-telemetry/telemetry-site: selects no pod"),
                mistake("a Service targeting a port its pods lack",
                        edit("Service", "telemetry-worker", o -> obj(o, "/spec/ports/0").put("targetPort", "web")),
                        "targetPort web is no port of its pods"),
                mistake("a Route to a missing Service",
                        edit("Route", "telemetry-site", o -> obj(o, "/spec/to").put("name", "site")),
                        "Route ai-telemetry/telemetry-site: routes to Service site, which does not exist"),
                mistake("a Route to a missing port",
                        edit("Route", "telemetry-worker", o -> obj(o, "/spec/port").put("targetPort", "https")),
                        "targetPort https is no port of Service telemetry-worker"),
                mistake("a Route without edge TLS",
                        edit("Route", "telemetry-site", o -> obj(o, "/spec/tls").put("termination", "passthrough")),
                        "TLS termination is not edge"),
                mistake("a PodMonitor on a port its pods lack",
                        edit("PodMonitor", "telemetry-worker", o -> obj(o, "/spec/podMetricsEndpoints/0").put("port",
                                "metrics")),
                        "PodMonitor ai-telemetry/telemetry-worker: port metrics is no port of the pods it selects"),
                mistake("a PodMonitor selecting no pod",
                        edit("PodMonitor", "telemetry-site", o -> obj(o, "/spec/selector/matchLabels")
                                .put("app.kubernetes.io/name", "telemetry-sight")),
                        "PodMonitor ai-telemetry/telemetry-site: selects no pod"),
                mistake("metrics scraped from the application port",
                        edit("PodMonitor", "telemetry-worker", o -> obj(o, "/spec/podMetricsEndpoints/0").put("port",
                                "http")),
                        "scrapes /q/metrics on port http, which is not the management interface"),
                mistake("health probes on the application port, which the Service routes",
                        edit("Deployment", "telemetry-site", o -> obj(o,
                                "/spec/template/spec/containers/0/livenessProbe/httpGet").put("port", "http")),
                        "Service ai-telemetry/telemetry-site: targets port http, where Deployment "
                                + "ai-telemetry/telemetry-site serves health"),
                mistake("a Service exposing the management interface",
                        edit("Service", "telemetry-worker", o -> ((ArrayNode) o.at("/spec/ports")).addObject()
                                .put("name", "management").put("port", 9000).put("targetPort", "management")),
                        "targets port management, where Deployment ai-telemetry/telemetry-worker serves health"),
                mistake("metrics scraped through a Service",
                        edit("PodMonitor", "telemetry-worker", ManifestValidatorTest::intoServiceMonitor),
                        "scrapes /q/metrics through a Service"),
                mistake("a ServiceMonitor on a port its Services lack",
                        edit("PodMonitor", "telemetry-worker", o -> {
                            intoServiceMonitor(o);
                            obj(o, "/spec/endpoints/0").put("port", "metrics");
                        }),
                        "port metrics is no port of the Services it selects"),
                mistake("a PodDisruptionBudget selecting no pod",
                        edit("PodDisruptionBudget", "telemetry-site", o -> obj(o, "/spec/selector/matchLabels")
                                .put("app.kubernetes.io/name", "site")),
                        "PodDisruptionBudget ai-telemetry/telemetry-site: selects no pod"),
                mistake("an autoscaler of a missing Deployment",
                        edit("HorizontalPodAutoscaler", "telemetry-site", o -> obj(o, "/spec/scaleTargetRef")
                                .put("name", "site")),
                        "scales Deployment site, which does not exist"),
                mistake("replicas on an autoscaled Deployment",
                        edit("Deployment", "telemetry-site", o -> obj(o, "/spec").put("replicas", 2)),
                        "Deployment telemetry-site sets replicas"),
                mistake("a NetworkPolicy selecting no pod",
                        edit("NetworkPolicy", "telemetry-site-ingress", o -> obj(o, "/spec/podSelector/matchLabels")
                                .put("app.kubernetes.io/name", "site")),
                        "NetworkPolicy ai-telemetry/telemetry-site-ingress: podSelector selects no pod"),
                mistake("a NetworkPolicy peer selecting no pod",
                        edit("NetworkPolicy", "telemetry-collector-ingress", o -> obj(o,
                                "/spec/ingress/0/from/0/podSelector/matchLabels").put("app.kubernetes.io/name",
                                "worker")),
                        "a peer's podSelector selects no pod"),
                mistake("a RoleBinding to a missing Role",
                        edit("RoleBinding", "telemetry-worker-probe-jobs", o -> obj(o, "/roleRef").put("name",
                                "probe-jobs")),
                        "binds Role probe-jobs, which does not exist"),
                mistake("a binding to a missing ClusterRole",
                        edit("ClusterRoleBinding", "ai-telemetry-worker-monitoring-view", o -> obj(o, "/roleRef")
                                .put("name", "monitoring-view")),
                        "binds ClusterRole monitoring-view, which does not exist"),
                mistake("a binding of a missing ServiceAccount",
                        edit("ClusterRoleBinding", "ai-telemetry-worker-nodes", o -> obj(o, "/subjects/0")
                                .put("name", "worker")),
                        "subject ServiceAccount ai-telemetry/worker does not exist"),
                mistake("a Deployment whose ServiceAccount is gone",
                        remove("ServiceAccount", "telemetry-site"),
                        "Deployment ai-telemetry/telemetry-site: ServiceAccount telemetry-site does not exist"),
                mistake("a pod on the default ServiceAccount",
                        edit("Deployment", "telemetry-worker", o -> obj(o, "/spec/template/spec")
                                .remove("serviceAccountName")),
                        "runs as the namespace's default ServiceAccount"),
                mistake("a probe template whose PriorityClass is gone",
                        remove("PriorityClass", "gpu-probe-low"),
                        "PriorityClass gpu-probe-low does not exist"),
                mistake("a ConfigMap volume naming a missing ConfigMap",
                        edit("Deployment", "telemetry-worker", o -> obj(o, "/spec/template/spec/volumes/0/configMap")
                                .put("name", "telemetry-worker-config")),
                        "ConfigMap telemetry-worker-config does not exist"),
                mistake("a Secret neither created nor listed as external",
                        edit("Deployment", "telemetry-site", o -> obj(o,
                                "/spec/template/spec/containers/0/env/2/valueFrom/secretKeyRef").put("name", "db")),
                        "Secret db is neither in the manifests nor listed in external-objects.yaml"),
                mistake("a realm import whose placeholder Secret is missing",
                        edit("KeycloakRealmImport", "ai-telemetry", o -> obj(o,
                                "/spec/placeholders/CLIENT_SECRET_GPU_PROBE/secret").put("name", "client-secrets")),
                        "Secret client-secrets is neither in the manifests"),
                mistake("an AlertmanagerConfig reading a missing ConfigMap key",
                        edit("AlertmanagerConfig", "telemetry-worker", o -> obj(o,
                                "/spec/receivers/0/webhookConfigs/0/httpConfig/oauth2/clientId/configMap")
                                .put("key", "alert-manager")),
                        "ConfigMap telemetry-oauth2-clients with key alert-manager does not exist"),
                mistake("a ScheduledBackup of a missing Cluster",
                        edit("ScheduledBackup", "telemetry-db-nightly", o -> obj(o, "/spec/cluster").put("name",
                                "db")),
                        "backs up Cluster db, which does not exist"),
                mistake("a collector exporting to a missing Tempo",
                        edit("OpenTelemetryCollector", "telemetry", o -> obj(o, "/spec/config/exporters/otlp~1tempo")
                                .put("endpoint", "tempo-traces:4317")),
                        "sends to tempo-traces, which is no TempoMonolithic's Service here"),
                mistake("an image tagged latest",
                        edit("Deployment", "telemetry-site", o -> obj(o, "/spec/template/spec/containers/0")
                                .put("image", "ghcr.io/aitelemetry/telemetry-site:latest")),
                        "image 'ghcr.io/aitelemetry/telemetry-site:latest' is not pinned"),
                mistake("an image without a tag",
                        edit("CronJob", "gpu-probe", o -> obj(o,
                                "/spec/jobTemplate/spec/template/spec/containers/0").put("image",
                                "ghcr.io/aitelemetry/gpu-probe")),
                        "image 'ghcr.io/aitelemetry/gpu-probe' is not pinned"),
                mistake("an image the overlay did not set",
                        edit("Deployment", "telemetry-worker", o -> obj(o, "/spec/template/spec/containers/0")
                                .put("image", "telemetry-worker")),
                        "image 'telemetry-worker' is not pinned"),
                mistake("a Secret with a value",
                        manifests -> new Manifests(Stream.concat(manifests.objects().stream(), Manifests.parse("""
                                apiVersion: v1
                                kind: Secret
                                metadata: {name: probe-token, namespace: ai-telemetry}
                                stringData: {token: eyJ}
                                """).objects().stream()).toList()),
                        "stringData holds values"),
                mistake("a password in an environment variable",
                        edit("Deployment", "telemetry-site", o -> ((ArrayNode) o.at(
                                "/spec/template/spec/containers/0/env")).addObject().put("name", "DB_ADMIN_PASSWORD")
                                .put("value", "hunter2")),
                        "env DB_ADMIN_PASSWORD has a literal value"),
                mistake("a password in a properties file",
                        edit("ConfigMap", null, o -> {
                            JsonNode data = o.at("/data/site.properties");
                            if (!data.isMissingNode() && o.at("/metadata/name").asText().startsWith("telemetry-site")) {
                                obj(o, "/data").put("site.properties", data.asText()
                                        + "quarkus.datasource.password=hunter2\n");
                            }
                        }),
                        "quarkus.datasource.password has a literal value"),
                mistake("a realm client with its secret",
                        edit("KeycloakRealmImport", "ai-telemetry", o -> obj(o, "/spec/realm/clients/1")
                                .put("secret", "dev-only-alertmanager-secret")),
                        "client alertmanager has a literal secret"),
                mistake("a realm user with a password",
                        edit("KeycloakRealmImport", "ai-telemetry", o -> ((ArrayNode) o.at("/spec/realm/users"))
                                .addObject().put("username", "ada").putArray("credentials").addObject()
                                .put("value", "dev-only-ada-password")),
                        "user ada has credentials"),
                mistake("a container that may escalate",
                        edit("Deployment", "telemetry-worker", o -> obj(o,
                                "/spec/template/spec/containers/0/securityContext").put("allowPrivilegeEscalation",
                                true)),
                        "container telemetry-worker: allowPrivilegeEscalation is not false"),
                mistake("a container keeping its capabilities",
                        edit("CronJob", "gpu-probe", o -> obj(o,
                                "/spec/jobTemplate/spec/template/spec/containers/0/securityContext")
                                .remove("capabilities")),
                        "container gpu-probe: capabilities do not drop ALL"),
                mistake("a pod that may run as root",
                        edit("Deployment", "telemetry-site", o -> {
                            obj(o, "/spec/template/spec/securityContext").remove("runAsNonRoot");
                            obj(o, "/spec/template/spec/containers/0/securityContext").remove("runAsNonRoot");
                        }),
                        "container telemetry-site: runAsNonRoot is not true"),
                mistake("a pod without seccomp",
                        edit("Deployment", "telemetry-site", o -> obj(o, "/spec/template/spec")
                                .remove("securityContext")),
                        "seccompProfile is not RuntimeDefault"),
                mistake("a pod with a hostPath",
                        edit("Deployment", "telemetry-site", o -> ((ArrayNode) o.at("/spec/template/spec/volumes"))
                                .addObject().put("name", "host").putObject("hostPath").put("path", "/")),
                        "volume host is a hostPath"),
                mistake("a container without a memory limit",
                        edit("Deployment", "telemetry-worker", o -> obj(o,
                                "/spec/template/spec/containers/0/resources/limits").remove("memory")),
                        "resources.limits.memory is not set"),
                mistake("a Deployment without readiness probe",
                        edit("Deployment", "telemetry-worker", o -> obj(o, "/spec/template/spec/containers/0")
                                .remove("readinessProbe")),
                        "has no readinessProbe"),
                mistake("a kind nobody meant to deploy",
                        edit("Route", "telemetry-site", o -> o.put("kind", "Ingress")),
                        "kind Ingress is not one this deployment uses"),
                mistake("an outdated API version",
                        edit("HorizontalPodAutoscaler", "telemetry-site", o -> o.put("apiVersion",
                                "autoscaling/v1")),
                        "apiVersion autoscaling/v1, expected autoscaling/v2"),
                mistake("an object without a name",
                        edit("Service", "telemetry-site", o -> obj(o, "/metadata").remove("name")),
                        "apiVersion, kind and metadata.name are required"),
                mistake("a Kafka topic no operator manages",
                        edit("KafkaTopic", "ai-telemetry.gpu-health", o -> obj(o, "/metadata/labels")
                                .remove("strimzi.io/cluster")),
                        "has no strimzi.io/cluster label"));
    }

    private static Arguments mistake(String name, UnaryOperator<Manifests> breakIt, String expected) {
        return Arguments.of(name, breakIt, expected);
    }

    /** The worker's PodMonitor turned into a ServiceMonitor on the same port, selecting the worker's Service. */
    private static void intoServiceMonitor(ObjectNode monitor) {
        monitor.put("kind", "ServiceMonitor");
        ObjectNode spec = obj(monitor, "/spec");
        spec.set("endpoints", spec.remove("podMetricsEndpoints"));
    }

}
