package org.aitelemetry.deploy.render;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Renders a kustomization with the real kustomize, as {@code kubectl kustomize} embeds it (the pinned kubectl that
 * deploy/openshift/install-kubectl.sh installs), so what is checked is what {@code oc apply -k} would apply.
 */
public class Kustomize {

    private final Path kubectl;

    public Kustomize(Path kubectl) {
        if (!Files.isExecutable(kubectl)) {
            throw new IllegalStateException("No kubectl at " + kubectl + ": run deploy/openshift/install-kubectl.sh "
                    + "(bin/setup-debian does), or set -Ddeploy.kubectl=<path of kubectl 1.32>");
        }
        this.kubectl = kubectl;
    }

    /** The rendered YAML stream; a kustomization kustomize refuses throws with kustomize's own message. */
    public String build(Path kustomization) {
        try {
            Path errors = Files.createTempFile("kustomize", ".err");
            try {
                Process process = new ProcessBuilder(kubectl.toString(), "kustomize", kustomization.toString())
                        .redirectError(errors.toFile()).start();
                String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!process.waitFor(60, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new IllegalStateException("kustomize did not finish within 60 s: " + kustomization);
                }
                if (process.exitValue() != 0) {
                    throw new IllegalArgumentException("kustomize refused " + kustomization + ": "
                            + Files.readString(errors).strip());
                }
                return out;
            } finally {
                Files.deleteIfExists(errors);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
