package org.aitelemetry.deploy.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.aitelemetry.deploy.DeployTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real kustomize renders; a kustomization that names a missing file or patches a missing object fails. */
class KustomizeTest {

    @Test
    void rendersAKustomization(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("kustomization.yaml"), "namespace: demo\nresources: [cm.yaml]\n");
        Files.writeString(dir.resolve("cm.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n");

        Manifests manifests = Manifests.parse(DeployTree.kustomize().build(dir));

        assertThat(manifests.objects()).extracting(KubeObject::id).containsExactly("ConfigMap demo/a");
    }

    @Test
    void refusesAMissingResource(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("kustomization.yaml"), "resources: [missing.yaml]\n");

        assertThatThrownBy(() -> DeployTree.kustomize().build(dir))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("missing.yaml");
    }

    @Test
    void refusesAPatchOfAMissingObject(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("kustomization.yaml"), "resources: [cm.yaml]\npatches:\n"
                + "  - target: {kind: ConfigMap, name: b}\n    patch: '[{\"op\": \"add\", \"path\": \"/data\", "
                + "\"value\": {}}]'\n  - path: p.yaml\n");
        Files.writeString(dir.resolve("cm.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n");
        Files.writeString(dir.resolve("p.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n");

        assertThatThrownBy(() -> DeployTree.kustomize().build(dir))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("kustomize refused");
    }
}
