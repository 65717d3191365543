package org.aitelemetry.devkit.process;

import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.aitelemetry.devkit.Component;
import org.aitelemetry.devkit.FileTrees;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;

/**
 * A server run as a child process (Prometheus and Alertmanager from Debian packages, Kafka from its jars in a JVM of
 * its own, Keycloak from its Maven zip): its configuration and data live in folders of its own under the {@link Workspace}, its port and data survive
 * {@link #stop()}, and {@link #close()} removes both folders but keeps the log.
 */
public abstract class ServerProcessComponent implements Component {

    private final Workspace workspace;
    private final String name;
    private final Path binary;
    private final Path configDir;
    private final Path dataDir;
    private int port;
    private ManagedProcess process;
    /**
     * Where the log of the start under way begins, past the end when none is (earlier runs' lines say nothing about
     * this one); read by progress output while {@link #start()} holds the lock.
     */
    private volatile long startLogOffset = Long.MAX_VALUE;

    protected ServerProcessComponent(Workspace workspace, String name, Path binary) {
        this.workspace = workspace;
        this.name = name;
        this.binary = binary;
        this.configDir = workspace.dir(name).resolve("config");
        this.dataDir = workspace.dir(name).resolve("data");
    }

    /** Writes the configuration into {@link #configDir()} and returns the full command line. */
    protected abstract List<String> command() throws IOException;

    /** Returns once the started server serves; {@code logOffset} is where this start's log output begins. */
    protected abstract void awaitReady(ManagedProcess started, long logOffset) throws IOException, InterruptedException;

    @Override
    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    public Path logFile() {
        return workspace.logFile(name);
    }

    protected Path binary() {
        return binary;
    }

    protected Path configDir() {
        return configDir;
    }

    protected Path dataDir() {
        return dataDir;
    }

    /** What the start under way has logged so far; empty when none is, or when the log cannot be read. */
    protected String logOfStartUnderWay() {
        try (SeekableByteChannel log = Files.newByteChannel(logFile())) {
            log.position(startLogOffset);
            return new String(Channels.newInputStream(log).readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException notWrittenYet) {
            return "";
        }
    }

    public synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Process id of the running server, e.g. to kill it without a clean shutdown. */
    public synchronized long pid() {
        if (process == null) {
            throw new IllegalStateException(name + " is not running");
        }
        return process.pid();
    }

    @Override
    public synchronized void start() throws IOException, InterruptedException {
        if (isRunning()) {
            return;
        }
        if (!Files.isExecutable(binary)) {
            throw new IllegalStateException(binary + " is missing: run bin/setup-debian");
        }
        if (port == 0) {
            // First start of this component: whatever a crashed earlier run left in the folder is not ours to reuse.
            FileTrees.deleteRecursively(dataDir);
            port = LoopbackPorts.free();
        }
        List<String> command = command();
        long logOffset = Files.exists(logFile()) ? Files.size(logFile()) : 0;
        startLogOffset = logOffset;
        process = ManagedProcess.start(name, command, logFile());
        try {
            awaitReady(process, logOffset);
        } catch (IllegalStateException notReady) {
            stop();
            throw notReady;
        }
    }

    @Override
    public synchronized void stop() {
        startLogOffset = Long.MAX_VALUE;
        if (process != null) {
            process.stop(10);
            process = null;
        }
    }

    @Override
    public synchronized void close() {
        stop();
        FileTrees.deleteRecursively(dataDir);
        FileTrees.deleteRecursively(configDir);
    }
}
