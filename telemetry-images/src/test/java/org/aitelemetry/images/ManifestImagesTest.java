package org.aitelemetry.images;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Kustomize;
import org.aitelemetry.deploy.render.Manifests;
import org.junit.jupiter.api.Test;

/**
 * The manifests run exactly the images the build names: the base and the probes' templates use the bare names the
 * overlay's images: transformer replaces, and the rendered example overlay runs registry/name:tag as the build writes
 * it — for the worker, the site and gpu-probe, including the gpu-probe image the worker gives its own probe Jobs.
 */
class ManifestImagesTest {

    private static final Path OPENSHIFT = Path.of(System.getProperty("deploy.root", "..")).toAbsolutePath()
            .normalize().resolve("deploy/openshift");
    private static final Kustomize KUSTOMIZE = new Kustomize(Path.of(System.getProperty("deploy.kubectl", "kubectl")));
    private static final String REGISTRY = System.getProperty("images.registry");
    private static final String TAG = System.getProperty("images.tag");

    @Test
    void theTagIsTheReleaseOfThisVersion() {
        assertThat(TAG).isEqualTo(System.getProperty("images.version").replaceFirst("-SNAPSHOT$", ""));
    }

    @Test
    void baseManifestsNameTheBuildsImagesBare() {
        Map<String, String> images = new TreeMap<>(containerImages(render("base")));
        images.putAll(containerImages(render("probes")));

        assertThat(images).isEqualTo(Map.of(
                "Deployment telemetry-worker/telemetry-worker", "telemetry-worker",
                "Deployment telemetry-site/telemetry-site", "telemetry-site",
                "CronJob gpu-probe/gpu-probe", BuildImages.PROBE));
    }

    @Test
    void theOverlayRunsTheImagesTheBuildWrites() {
        Manifests overlay = render("overlays/observability");
        List<String> built = new ArrayList<>();
        BuildImages.APPS.forEach(app -> built.add(REGISTRY + "/" + app + ":" + TAG));
        String probe = REGISTRY + "/" + BuildImages.PROBE + ":" + TAG;

        Map<String, String> ours = new TreeMap<>(containerImages(overlay));
        ours.values().removeIf(image -> !image.startsWith(REGISTRY + "/"));
        assertThat(ours).isEqualTo(Map.of(
                "Deployment telemetry-worker/telemetry-worker", built.get(0),
                "Deployment telemetry-site/telemetry-site", built.get(1),
                "CronJob gpu-probe/gpu-probe", probe));
        KubeObject worker = overlay.find("Deployment", "ai-telemetry", "telemetry-worker").orElseThrow();
        assertThat(env(worker.at("/spec/template/spec/containers/0"), "GPU_PROBE_IMAGE")).isEqualTo(probe);
    }

    private static Manifests render(String kustomization) {
        return Manifests.parse(KUSTOMIZE.build(OPENSHIFT.resolve(kustomization)));
    }

    /** "Kind object/container" → image, for every container of every pod template. */
    private static Map<String, String> containerImages(Manifests manifests) {
        Map<String, String> images = new TreeMap<>();
        for (KubeObject object : manifests.objects()) {
            for (String pointer : new String[] {"/spec/template/spec", "/spec/jobTemplate/spec/template/spec"}) {
                for (JsonNode container : object.at(pointer).path("containers")) {
                    images.put(object.kind() + " " + object.name() + "/" + container.path("name").asText(),
                            container.path("image").asText());
                }
            }
        }
        return images;
    }

    private static String env(JsonNode container, String name) {
        for (JsonNode variable : container.path("env")) {
            if (variable.path("name").asText().equals(name)) {
                return variable.path("value").asText();
            }
        }
        throw new AssertionError("no " + name + " in the worker's container");
    }
}
