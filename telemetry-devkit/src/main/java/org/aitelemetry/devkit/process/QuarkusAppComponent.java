package org.aitelemetry.devkit.process;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.aitelemetry.devkit.Component;
import org.aitelemetry.devkit.Workspace;

/**
 * One of the platform's Quarkus applications run from its built fast-jar (with its AppCDS archive when the build made
 * one), configured through system properties, and considered started once its readiness endpoint answers UP.
 */
public final class QuarkusAppComponent implements Component {

    private static final String CLASS_DATA_ARCHIVE = "app-cds.jsa";
    /** The first JDK whose AOT cache can be recorded in one training run (JEP 514). */
    private static final int AOT_CACHE_JDK = 25;

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    private final String name;
    private final Path runnerJar;
    private final int port;
    private final Map<String, String> config;
    private final List<String> jvmOptions;
    private final Workspace workspace;
    private ManagedProcess process;

    public QuarkusAppComponent(String name, Path runnerJar, int port, Map<String, String> config, Workspace workspace) {
        this(name, runnerJar, port, config, List.of(), workspace);
    }

    /** With JVM options, e.g. a heap cap as a container limit would impose. */
    public QuarkusAppComponent(String name, Path runnerJar, int port, Map<String, String> config, List<String> jvmOptions,
            Workspace workspace) {
        this.name = name;
        this.runnerJar = runnerJar;
        this.port = port;
        this.config = new TreeMap<>(config);
        this.jvmOptions = List.copyOf(jvmOptions);
        this.workspace = workspace;
    }

    @Override
    public String name() {
        return name;
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    /** Process id of the running application. */
    public long pid() {
        if (process == null) {
            throw new IllegalStateException(name + " is not running");
        }
        return process.pid();
    }

    public Path logFile() {
        return workspace.logFile(name);
    }

    @Override
    public synchronized void start() throws IOException, InterruptedException {
        if (process != null && process.isAlive()) {
            return;
        }
        if (!Files.isRegularFile(runnerJar)) {
            throw new IllegalStateException(runnerJar + " is missing: build the project first (./mvnw package -DskipTests)");
        }
        Files.deleteIfExists(logFile());
        process = ManagedProcess.start(name, command(), logFile(), appDir());
        awaitReady();
    }

    @Override
    public synchronized void stop() {
        if (process != null) {
            process.stop(20);
            process = null;
        }
    }

    @Override
    public void close() {
        stop();
    }

    private List<String> command() {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(classDataOptions());
        command.addAll(jvmOptions);
        command.add("-Dquarkus.http.port=" + port);
        command.add("-Dquarkus.http.host=127.0.0.1");
        config.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.add("-jar");
        command.add(runnerJar.getFileName().toString());
        return command;
    }

    /**
     * On JDK 25 and later the JVM's AOT cache (JEP 483/514, classes loaded and linked, method profiles) replaces AppCDS:
     * a run without a cache for this JDK records one at exit ({@code -XX:AOTCacheOutput}), later runs use it. Older
     * JDKs use the AppCDS archive the build made. Either works only with the class path it was made with:
     * quarkus-run.jar, relative to its own folder; started from anywhere else the JVM silently runs without it.
     */
    private List<String> classDataOptions() {
        int feature = Runtime.version().feature();
        if (feature >= AOT_CACHE_JDK) {
            String cache = "app-jdk" + Runtime.version().feature() + ".aot";
            return List.of(Files.isRegularFile(appDir().resolve(cache)) ? "-XX:AOTCache=" + cache
                    : "-XX:AOTCacheOutput=" + cache);
        }
        return Files.isRegularFile(appDir().resolve(CLASS_DATA_ARCHIVE))
                ? List.of("-XX:SharedArchiveFile=" + CLASS_DATA_ARCHIVE) : List.of();
    }

    private Path appDir() {
        return runnerJar.toAbsolutePath().getParent();
    }

    private void awaitReady() throws InterruptedException {
        try {
            HttpReadiness.await(process, URI.create(url() + "/q/health/ready"), READY_TIMEOUT, logFile());
        } catch (IllegalStateException notReady) {
            stop();
            throw notReady;
        }
    }
}
