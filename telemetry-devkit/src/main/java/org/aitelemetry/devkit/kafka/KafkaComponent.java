package org.aitelemetry.devkit.kafka;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.process.JavaRuntime;
import org.aitelemetry.devkit.process.LogReadiness;
import org.aitelemetry.devkit.process.ManagedProcess;
import org.aitelemetry.devkit.process.ServerProcessComponent;

/**
 * A real Kafka 4.1 broker: one KRaft node that is broker and controller, run from Kafka's jars in a child JVM (never in
 * the caller's, where Kafka's Scala, Jackson and Log4j would clash with Quarkus's). Its classpath comes from the file
 * the {@code telemetry-kafka-broker} module writes at build time, listing the jars in the local Maven repository.
 * The first start formats the log folder ({@code StorageTool format}); port and data survive {@link #stop()}.
 * Ready in about 3 s on two cores.
 */
public final class KafkaComponent extends ServerProcessComponent {

    /** Written into this class's package by the {@code telemetry-kafka-broker} module. */
    private static final String CLASSPATH_RESOURCE = "kafka-broker.classpath";
    /** Small heap and the serial collector: tests run it beside a Quarkus app on a two-core machine. */
    private static final List<String> JVM_OPTIONS = List.of("-Xms64m", "-Xmx256m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-Djava.awt.headless=true");
    private static final Duration FORMAT_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    /** Logged once the broker has caught up with the metadata log and is unfenced, i.e. serves clients. */
    private static final String READY_LOG_LINE = "Kafka Server started";

    private int controllerPort;

    public KafkaComponent(Workspace workspace, String name) {
        super(workspace, name, JavaRuntime.current().java());
    }

    public KafkaComponent(Workspace workspace) {
        this(workspace, "kafka");
    }

    /** {@code 127.0.0.1:<port>}, for a client's {@code bootstrap.servers}; the port is known once started. */
    public String bootstrapServers() {
        return "127.0.0.1:" + port();
    }

    /** Writes the configuration, formats the data folder on the first start, and returns the broker's command line. */
    @Override
    protected List<String> command() throws IOException {
        if (controllerPort == 0) {
            controllerPort = LoopbackPorts.free();
        }
        Files.createDirectories(configDir());
        Path serverProperties = Files.writeString(configDir().resolve("server.properties"),
                KafkaConfigFiles.serverProperties(port(), controllerPort, dataDir()));
        Path log4j = Files.writeString(configDir().resolve("log4j2.properties"), KafkaConfigFiles.log4j2Properties());
        List<String> java = javaCommand(log4j);
        if (!Files.exists(dataDir().resolve("meta.properties"))) {
            format(java, serverProperties);
        }
        List<String> command = new ArrayList<>(java);
        command.addAll(List.of("kafka.Kafka", serverProperties.toString()));
        return command;
    }

    @Override
    protected void awaitReady(ManagedProcess started, long logOffset) throws IOException, InterruptedException {
        LogReadiness.await(started, logFile(), logOffset, READY_LOG_LINE, READY_TIMEOUT);
    }

    private List<String> javaCommand(Path log4jConfig) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(binary().toString());
        command.addAll(JVM_OPTIONS);
        command.add("-Dlog4j2.configurationFile=" + log4jConfig);
        command.add("-cp");
        command.add(brokerClasspath());
        return command;
    }

    private void format(List<String> java, Path serverProperties) throws IOException {
        List<String> command = new ArrayList<>(java);
        command.addAll(List.of("kafka.tools.StorageTool", "format", "--cluster-id", clusterId(),
                "--config", serverProperties.toString()));
        try {
            int exitCode = ManagedProcess.start(name() + "-format", command, logFile()).awaitExit(FORMAT_TIMEOUT);
            if (exitCode != 0) {
                throw new IllegalStateException(name() + ": formatting " + dataDir() + " failed; see " + logFile());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(name() + ": interrupted while formatting " + dataDir(), e);
        }
    }

    /** The broker's jars, joined with the platform's path separator, as the build wrote them; each must exist. */
    private static String brokerClasspath() throws IOException {
        try (InputStream file = KafkaComponent.class.getResourceAsStream(CLASSPATH_RESOURCE)) {
            if (file == null) {
                throw new IllegalStateException(CLASSPATH_RESOURCE + " is missing from the classpath: build the "
                        + "telemetry-kafka-broker module with Maven (./mvnw -pl telemetry-devkit -am test-compile)");
            }
            String classpath = new String(file.readAllBytes(), StandardCharsets.UTF_8).strip();
            for (String jar : classpath.split(File.pathSeparator)) {
                if (!Files.isRegularFile(Path.of(jar))) {
                    throw new IllegalStateException(jar + " (a Kafka broker jar) is missing from the local Maven "
                            + "repository: build the telemetry-kafka-broker module again to download it");
                }
            }
            return classpath;
        }
    }

    /** A random cluster id as Kafka writes them: 16 bytes in URL-safe base64 without padding, not starting with '-'. */
    private static String clusterId() {
        SecureRandom random = new SecureRandom();
        byte[] bytes = new byte[16];
        String id;
        do {
            random.nextBytes(bytes);
            id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        } while (id.startsWith("-"));
        return id;
    }
}
