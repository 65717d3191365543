package org.aitelemetry.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.aitelemetry.devkit.process.ShippedJvmOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Deployments' JVM options as the image tests and the AOT training read them: the serial collector both apps ship
 * with and each app's own options; a Deployment without JAVA_OPTS_APPEND is an error, not "no options".
 */
class DeploymentJavaOptionsTest {

    private static final Path ROOT = Path.of(System.getProperty("deploy.root", "..")).toAbsolutePath().normalize();

    @ParameterizedTest
    @ValueSource(strings = {"telemetry-worker", "telemetry-site"})
    void theDeploymentGivesTheSerialCollectorAndTheAppsOwnOptions(String app) throws IOException {
        assertThat(DeploymentJavaOptions.of(ROOT, app)).contains("-XX:+UseSerialGC")
                .containsAll(ShippedJvmOptions.of(app)).allSatisfy(option -> assertThat(option).startsWith("-"));
    }

    @Test
    void aDeploymentWithoutJavaOptionsIsRefused(@TempDir Path root) throws IOException {
        Path deployment = root.resolve("deploy/openshift/base/worker/deployment.yaml");
        Files.createDirectories(deployment.getParent());
        Files.writeString(deployment, "kind: Deployment\nspec: {}\n");

        assertThatThrownBy(() -> DeploymentJavaOptions.of(root, "telemetry-worker"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no JAVA_OPTS_APPEND");
    }
}
