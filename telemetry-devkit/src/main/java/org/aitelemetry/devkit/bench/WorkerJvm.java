package org.aitelemetry.devkit.bench;

import java.util.List;

/**
 * JVM options of the app a benchmark measures (the worker; the site for the API benchmark): the comma-separated list
 * in system property {@code bench.jvm}, by default {@code -Xmx256m} (a heap cap as a container memory limit would
 * set); {@code -Dbench.jvm=} leaves the JVM its defaults.
 */
final class WorkerJvm {

    private WorkerJvm() {
    }

    static List<String> options() {
        String options = System.getProperty("bench.jvm", "-Xmx256m").trim();
        return options.isEmpty() ? List.of() : List.of(options.split(","));
    }

    /** The options as a report line shows them. */
    static String describe() {
        return options().isEmpty() ? "JVM defaults" : String.join(" ", options());
    }
}
