package org.aitelemetry.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.aitelemetry.deploy.check.ManifestValidator;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every overlay renders with kustomize, holds the whole platform and passes every check. */
class OverlaysTest {

    static List<Path> overlays() {
        return DeployTree.overlays();
    }

    @Test
    void thereIsAnOverlayToCheck() {
        assertThat(overlays()).contains(DeployTree.OBSERVABILITY);
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void passesEveryCheck(Path overlay) {
        Manifests manifests = DeployTree.render(overlay);

        assertThat(new ManifestValidator(DeployTree.external()).validate(manifests)).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void holdsThePlatform(Path overlay) {
        Manifests manifests = DeployTree.render(overlay);

        assertThat(manifests.objects()).extracting(KubeObject::id).contains(
                "Deployment ai-telemetry/telemetry-worker", "Deployment ai-telemetry/telemetry-site",
                "Route ai-telemetry/telemetry-worker", "Route ai-telemetry/telemetry-site",
                "HorizontalPodAutoscaler ai-telemetry/telemetry-site", "PodMonitor ai-telemetry/telemetry-worker",
                "PodMonitor ai-telemetry/telemetry-site",
                "Cluster ai-telemetry/telemetry-db", "OpenTelemetryCollector ai-telemetry/telemetry",
                "TempoMonolithic ai-telemetry/telemetry", "PrometheusRule ai-telemetry/gpu-usage",
                "AlertmanagerConfig ai-telemetry/telemetry-worker", "KeycloakRealmImport keycloak/ai-telemetry",
                "PriorityClass gpu-probe-low", "CronJob ai-telemetry-probes/gpu-probe",
                "NetworkPolicy ai-telemetry/default-deny-ingress", "NetworkPolicy ai-telemetry/telemetry-worker-egress",
                "NetworkPolicy ai-telemetry/telemetry-site-egress", "NetworkPolicy ai-telemetry-probes/gpu-probe-egress",
                "ValidatingAdmissionPolicy ai-telemetry-worker-node-signal",
                "ValidatingAdmissionPolicyBinding ai-telemetry-worker-node-signal");
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void workerRunsProbeJobsWithTheTemplatesImageInTheProbeNamespace(Path overlay) throws IOException {
        Manifests manifests = DeployTree.render(overlay);
        KubeObject worker = manifests.find("Deployment", "ai-telemetry", "telemetry-worker").orElseThrow();
        KubeObject template = manifests.find("CronJob", "ai-telemetry-probes", "gpu-probe").orElseThrow();
        String configMap = worker.at("/spec/template/spec/volumes/0/configMap/name").asText();
        Properties config = new Properties();
        config.load(new StringReader(manifests.find("ConfigMap", "ai-telemetry", configMap).orElseThrow()
                .at("/data/application.properties").asText()));

        String probeImage = null;
        for (JsonNode env : worker.at("/spec/template/spec/containers/0/env")) {
            probeImage = env.path("name").asText().equals("GPU_PROBE_IMAGE") ? env.path("value").asText() : probeImage;
        }

        assertThat(probeImage).isEqualTo(template.at("/spec/jobTemplate/spec/template/spec/containers/0/image")
                .asText());
        assertThat(config.getProperty("telemetry.kubernetes.probe-namespace")).isEqualTo(template.namespace())
                .isNotEqualTo(worker.namespace());
        assertThat(config.getProperty("telemetry.kubernetes.worker-url"))
                .isEqualTo("http://telemetry-worker." + worker.namespace() + ".svc:8081");
        assertThat(config.getProperty("telemetry.kubernetes.probe-image")).isEqualTo("${GPU_PROBE_IMAGE}");
    }
}
