package org.aitelemetry.devkit.bench;

import java.nio.file.Path;
import java.util.List;
import org.aitelemetry.devkit.process.JavaRuntime;

/**
 * The JVM of the app a benchmark measures (the worker; the site for the API benchmark): its options, the
 * comma-separated list in system property {@code bench.jvm}, by default {@code -Xmx256m} (a heap cap as a container
 * memory limit would set; {@code -Dbench.jvm=} leaves the JVM its defaults), and the Java installation it runs on,
 * system property {@code bench.java} (a Java home), by default the one running the benchmark.
 */
final class WorkerJvm {

    private WorkerJvm() {
    }

    static List<String> options() {
        String options = System.getProperty("bench.jvm", "-Xmx256m").trim();
        return options.isEmpty() ? List.of() : List.of(options.split(","));
    }

    static JavaRuntime java() {
        String home = System.getProperty("bench.java", "").trim();
        return home.isEmpty() ? JavaRuntime.current() : JavaRuntime.at(Path.of(home));
    }

    /** The options and the Java build as a report line shows them. */
    static String describe() {
        String options = options().isEmpty() ? "JVM defaults" : String.join(" ", options());
        return options + ", Java " + java().version();
    }
}
