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
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;

/**
 * One of the platform's Quarkus applications run from its built aot-jar with its class-data archive (recorded by the
 * first run, see {@link ClassDataArchive}), configured through system properties, and considered started once its
 * readiness endpoint answers UP. Health and metrics are on the management interface, a port of their own
 * ({@link #managementUrl()}; a free loopback port unless {@link #withManagementPort(int)} names one).
 */
public final class QuarkusAppComponent implements Component {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
    /** Long enough for a JVM to write its class-data recording at exit. */
    private static final long STOP_GRACE_SECONDS = 30;

    private final String name;
    private final Path runnerJar;
    private final int port;
    private int managementPort = LoopbackPorts.free();
    private final Map<String, String> config;
    private final List<String> jvmOptions;
    private final Workspace workspace;
    private ClassDataArchive classData;
    private boolean useClassData = true;
    private JavaRuntime java = JavaRuntime.current();
    private ManagedProcess process;
    private boolean ready;

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
        this.classData = new ClassDataArchive(appDir());
    }

    /** Serves health and metrics on this port (the local run's fixed ports) instead of a free one. */
    public QuarkusAppComponent withManagementPort(int newManagementPort) {
        managementPort = newManagementPort;
        return this;
    }

    /** Runs on this Java installation (with its own class-data archive) instead of the one running this JVM. */
    public QuarkusAppComponent withJava(JavaRuntime runtime) {
        java = runtime;
        classData = new ClassDataArchive(appDir(), runtime.version());
        return this;
    }

    /** Runs without a class-data archive, neither mapping nor recording one: the start-up benchmark's baseline. */
    public QuarkusAppComponent withoutClassDataArchive() {
        useClassData = false;
        return this;
    }

    @Override
    public String name() {
        return name;
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    /** The management interface: {@code /q/health/*} and {@code /q/metrics}, which the application port lacks. */
    public String managementUrl() {
        return "http://127.0.0.1:" + managementPort;
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
        ready = false;
        process = ManagedProcess.start(name, command(), logFile(), appDir());
        awaitReady();
        ready = true;
    }

    @Override
    public synchronized void stop() {
        if (process != null) {
            // Only a run that got to ready has loaded what a start loads: anything less is not worth keeping.
            boolean endedOnItsOwn = process.stop(STOP_GRACE_SECONDS);
            if (useClassData) {
                classData.afterExit(endedOnItsOwn && ready);
            }
            process = null;
        }
    }

    @Override
    public void close() {
        stop();
    }

    private List<String> command() {
        List<String> command = new ArrayList<>();
        command.add(java.java().toString());
        if (useClassData) {
            command.addAll(classData.jvmOptions(String.valueOf(port)));
        }
        command.addAll(jvmOptions);
        command.add("-Dquarkus.http.port=" + port);
        command.add("-Dquarkus.http.host=127.0.0.1");
        command.add("-Dquarkus.management.port=" + managementPort);
        command.add("-Dquarkus.management.host=127.0.0.1");
        config.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.add("-jar");
        command.add(runnerJar.getFileName().toString());
        return command;
    }

    private Path appDir() {
        return runnerJar.toAbsolutePath().getParent();
    }

    private void awaitReady() throws InterruptedException {
        try {
            HttpReadiness.await(process, URI.create(managementUrl() + "/q/health/ready"), READY_TIMEOUT, logFile());
        } catch (IllegalStateException notReady) {
            stop();
            throw notReady;
        }
    }
}
