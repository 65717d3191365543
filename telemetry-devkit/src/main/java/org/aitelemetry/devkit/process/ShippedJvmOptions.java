package org.aitelemetry.devkit.process;

import java.util.List;
import java.util.Map;

/**
 * The JVM options an app ships with, beyond heap sizing: the manifests put the same in the container's
 * {@code JAVA_OPTS_APPEND} ({@code deploy/openshift/base/<app>/deployment.yaml}), and the devkit runs the apps with them,
 * so the local run, the tests and the benchmarks see what production runs.
 */
public final class ShippedJvmOptions {

    /**
     * The site compiles with C1 only: on two cores it starts ~0.6 s sooner, and under its own load (dashboards, API)
     * answered faster than with C2, whose compiling competes with requests that mostly wait on PostgreSQL
     * (benchmarks.md, "Start-up").
     */
    private static final Map<String, List<String>> BY_APP = Map.of(
            "telemetry-site", List.of("-XX:TieredStopAtLevel=1"));

    private ShippedJvmOptions() {
    }

    /** The options of the app built by {@code module} (none for an app without any). */
    public static List<String> of(String module) {
        return BY_APP.getOrDefault(module, List.of());
    }
}
