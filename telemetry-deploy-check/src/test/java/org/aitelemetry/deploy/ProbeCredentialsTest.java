package org.aitelemetry.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.StreamSupport;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Probe credentials are node-scoped by default (contracts.md §7, scenario 27): the worker requires node scoping and
 * reviews probe Pods' projected tokens, may do so (tokenreviews create, pods get in the probe namespace), and the probe
 * Pods carry such a token for the worker's audience and no token Secret, which no longer exists.
 */
class ProbeCredentialsTest {

    private static final String NAMESPACE = "ai-telemetry";
    private static final String PROBE_NAMESPACE = "ai-telemetry-probes";

    static List<Path> overlays() {
        return DeployTree.overlays();
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void theWorkerRequiresNodeScopedProbeCredentialsAndReviewsProbeTokens(Path overlay) {
        Properties config = workerConfig(DeployTree.render(overlay));

        assertThat(config.getProperty("telemetry.probes.node-scoped")).isEqualTo("true");
        assertThat(config.getProperty("telemetry.kubernetes.probe-token.enabled")).isEqualTo("true");
        assertThat(config.getProperty("telemetry.kubernetes.enabled")).isEqualTo("true");
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void probePodsCarryAProjectedTokenForTheWorkerAndNoSecret(Path overlay) {
        Manifests manifests = DeployTree.render(overlay);
        Properties config = workerConfig(manifests);
        assertThat(config.getProperty("telemetry.kubernetes.probe-namespace")).isEqualTo(PROBE_NAMESPACE);
        KubeObject template = manifests.find("CronJob", PROBE_NAMESPACE, "gpu-probe").orElseThrow();
        JsonNode pod = template.at("/spec/jobTemplate/spec/template/spec");

        assertThat(pod.path("serviceAccountName").asText())
                .isEqualTo(config.getProperty("telemetry.kubernetes.probe-token.service-account", "gpu-probe"));
        assertThat(pod.path("automountServiceAccountToken").asBoolean(true)).isFalse();
        JsonNode token = volume(pod, "token").at("/projected/sources/0/serviceAccountToken");
        assertThat(token.path("audience").asText())
                .isEqualTo(config.getProperty("telemetry.kubernetes.probe-token.audience", "telemetry-worker"));
        assertThat(token.path("expirationSeconds").asInt()).isBetween(600, 3600);
        assertThat(args(pod)).containsSequence("--token-file", mountPath(pod, "token") + "/"
                + token.path("path").asText());
        KubeObject account = manifests.find("ServiceAccount", PROBE_NAMESPACE, "gpu-probe").orElseThrow();
        assertThat(account.at("/automountServiceAccountToken").asBoolean(true)).isFalse();

        assertThat(manifests.objects()).extracting(KubeObject::id).doesNotContain(
                "Secret ai-telemetry/gpu-probe-token", "CronJob ai-telemetry/gpu-probe-token-refresh");
        assertThat(manifests.objects()).as("no pod mounts a probe token Secret").noneMatch(object ->
                object.body().toString().contains("\"secretName\":\"gpu-probe-token"));
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void theWorkerMayReviewTokensAndReadTheProbesPods(Path overlay) {
        Manifests manifests = DeployTree.render(overlay);

        assertThat(manifests.ofKind("ClusterRoleBinding")).anyMatch(binding ->
                binding.at("/roleRef/name").asText().equals("system:auth-delegator") && bindsWorker(binding));
        assertThat(manifests.ofKind("RoleBinding")).filteredOn(binding -> binding.namespace().equals(PROBE_NAMESPACE)
                && bindsWorker(binding)).anyMatch(binding -> manifests.find("Role", PROBE_NAMESPACE,
                        binding.at("/roleRef/name").asText()).map(ProbeCredentialsTest::getsPods).orElse(false));
    }

    private static boolean bindsWorker(KubeObject binding) {
        return StreamSupport.stream(binding.at("/subjects").spliterator(), false).anyMatch(subject ->
                subject.path("name").asText().equals("telemetry-worker")
                        && subject.path("namespace").asText(binding.namespace()).equals(NAMESPACE));
    }

    private static boolean getsPods(KubeObject role) {
        return StreamSupport.stream(role.at("/rules").spliterator(), false).anyMatch(rule ->
                contains(rule.path("apiGroups"), "") && contains(rule.path("resources"), "pods")
                        && contains(rule.path("verbs"), "get"));
    }

    private static boolean contains(JsonNode list, String value) {
        return StreamSupport.stream(list.spliterator(), false).anyMatch(item -> item.asText().equals(value));
    }

    /** The worker's properties as it reads them: the base file, then the overlay's site.properties over it. */
    private static Properties workerConfig(Manifests manifests) {
        KubeObject worker = manifests.find("Deployment", NAMESPACE, "telemetry-worker").orElseThrow();
        String configMap = worker.at("/spec/template/spec/volumes/0/configMap/name").asText();
        JsonNode data = manifests.find("ConfigMap", NAMESPACE, configMap).orElseThrow().at("/data");
        Properties config = new Properties();
        try {
            config.load(new StringReader(data.path("application.properties").asText()));
            config.load(new StringReader(data.path("site.properties").asText()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return config;
    }

    private static JsonNode volume(JsonNode pod, String name) {
        for (JsonNode volume : pod.path("volumes")) {
            if (volume.path("name").asText().equals(name)) {
                return volume;
            }
        }
        throw new AssertionError("no volume " + name);
    }

    private static String mountPath(JsonNode pod, String volume) {
        for (JsonNode mount : pod.at("/containers/0/volumeMounts")) {
            if (mount.path("name").asText().equals(volume)) {
                return mount.path("mountPath").asText();
            }
        }
        throw new AssertionError("no mount of " + volume);
    }

    private static List<String> args(JsonNode pod) {
        List<String> args = new ArrayList<>();
        pod.at("/containers/0/args").forEach(arg -> args.add(arg.asText()));
        return args;
    }
}
