package org.aitelemetry.images;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The environment the images' run-java.sh starts an app with: JAVA_OPTS_APPEND (split at blanks, so no value may hold
 * one) carrying the JVM options and then the app's configuration as system properties, and AOT_CACHE=none where the
 * app is to start without the image's AOT cache.
 */
public final class RunJavaEnvironment {

    private RunJavaEnvironment() {
    }

    public static List<String> of(List<String> jvmOptions, Map<String, String> config, boolean aotCache) {
        List<String> options = new ArrayList<>(jvmOptions);
        config.forEach((key, value) -> {
            if (value.isBlank() || value.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("run-java.sh splits JAVA_OPTS_APPEND at blanks: " + key + "="
                        + value);
            }
            options.add("-D" + key + "=" + value);
        });
        List<String> environment = new ArrayList<>(List.of("JAVA_OPTS_APPEND=" + String.join(" ", options)));
        if (!aotCache) {
            environment.add("AOT_CACHE=none");
        }
        return environment;
    }
}
