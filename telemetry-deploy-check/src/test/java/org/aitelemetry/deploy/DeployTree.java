package org.aitelemetry.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.aitelemetry.deploy.check.ExternalObjects;
import org.aitelemetry.deploy.render.Kustomize;
import org.aitelemetry.deploy.render.Manifests;

/** The repository's deploy/openshift tree and the renderer, as the build configures them (see the module's pom). */
public final class DeployTree {

    public static final Path ROOT = Path.of(System.getProperty("deploy.root", "..")).toAbsolutePath().normalize();
    public static final Path OPENSHIFT = ROOT.resolve("deploy/openshift");
    public static final Path OBSERVABILITY = OPENSHIFT.resolve("overlays/observability");

    private DeployTree() {
    }

    public static Kustomize kustomize() {
        return new Kustomize(Path.of(System.getProperty("deploy.kubectl", "kubectl")));
    }

    public static Manifests render(Path overlay) {
        return Manifests.parse(kustomize().build(overlay));
    }

    public static ExternalObjects external() {
        return ExternalObjects.read(OPENSHIFT.resolve("external-objects.yaml"));
    }

    /** Every overlay directory: each is rendered and validated. */
    public static List<Path> overlays() {
        try (Stream<Path> children = Files.list(OPENSHIFT.resolve("overlays"))) {
            return children.filter(dir -> Files.exists(dir.resolve("kustomization.yaml"))).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
