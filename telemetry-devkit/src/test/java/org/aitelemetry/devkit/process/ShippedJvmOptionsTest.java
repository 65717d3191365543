package org.aitelemetry.devkit.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the devkit runs the apps with is what their manifests give the container, so local figures hold there. */
class ShippedJvmOptionsTest {

    private static final Pattern JAVA_OPTS = Pattern.compile("- name: JAVA_OPTS_APPEND\\s+value: (.+)");

    @ParameterizedTest
    @ValueSource(strings = {"telemetry-worker", "telemetry-site"})
    void theManifestGivesTheContainerEveryOptionTheDevkitRunsTheAppWith(String module) throws IOException {
        String app = module.substring("telemetry-".length());
        String deployment = Files.readString(Path.of("..", "deploy", "openshift", "base", app, "deployment.yaml"));
        Matcher javaOpts = JAVA_OPTS.matcher(deployment);
        assertThat(javaOpts.find()).as("JAVA_OPTS_APPEND in the %s Deployment", app).isTrue();

        assertThat(List.of(javaOpts.group(1).trim().split("\\s+"))).containsAll(ShippedJvmOptions.of(module));
    }
}
