package org.aitelemetry.images;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The JVM options an app's Deployment gives its container ({@code JAVA_OPTS_APPEND}), as the manifests ship them. */
public final class DeploymentJavaOptions {

    private static final Pattern JAVA_OPTS = Pattern.compile("- name: JAVA_OPTS_APPEND\\s+value: (.+)");

    private DeploymentJavaOptions() {
    }

    /** {@code app}: telemetry-worker or telemetry-site; {@code root}: the repository. */
    public static List<String> of(Path root, String app) throws IOException {
        Path deployment = root.resolve("deploy/openshift/base/" + app.substring("telemetry-".length())
                + "/deployment.yaml");
        Matcher matcher = JAVA_OPTS.matcher(Files.readString(deployment));
        if (!matcher.find()) {
            throw new IllegalStateException("no JAVA_OPTS_APPEND in " + deployment);
        }
        return List.of(matcher.group(1).strip().split("\\s+"));
    }
}
