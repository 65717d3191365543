package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * Every image is pulled from a named registry at a fixed version: a tag other than latest, or a digest. Covers
 * containers, environment variables that carry an image for the app to run (names ending in _IMAGE) and
 * CloudNativePG's imageName. A bare name (the base's placeholders) fails: the overlay's images: must set it.
 */
final class PinnedImages implements Check {

    // registry host (has a dot or a port) / path : tag | @sha256:digest
    private static final Pattern PINNED = Pattern.compile(
            "[a-z0-9.-]+(\\.[a-z0-9-]+|:[0-9]+)/[a-z0-9._/-]+(:[A-Za-z0-9_][A-Za-z0-9._-]{0,127}|@sha256:[a-f0-9]{64})");

    @Override
    public List<Finding> check(Manifests manifests) {
        List<Finding> findings = new ArrayList<>();
        for (PodTemplate pod : PodTemplate.all(manifests)) {
            for (JsonNode container : pod.containers()) {
                String where = "container " + container.path("name").asText();
                verify(pod.owner(), where, container.path("image").asText(""), findings);
                for (JsonNode env : container.path("env")) {
                    if (env.path("name").asText().endsWith("_IMAGE") && env.has("value")) {
                        verify(pod.owner(), where + " env " + env.path("name").asText(), env.path("value").asText(),
                                findings);
                    }
                }
            }
        }
        for (KubeObject cluster : manifests.ofKind("Cluster")) {
            verify(cluster, "imageName", cluster.at("/spec/imageName").asText(""), findings);
        }
        return findings;
    }

    private static void verify(KubeObject owner, String where, String image, List<Finding> findings) {
        if (!PINNED.matcher(image).matches() || image.endsWith(":latest")) {
            findings.add(Finding.of(owner, where + ": image '" + image + "' is not pinned "
                    + "(registry/path:tag other than latest, or @sha256:digest)"));
        }
    }
}
