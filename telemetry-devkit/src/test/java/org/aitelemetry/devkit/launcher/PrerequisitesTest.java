package org.aitelemetry.devkit.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.launcher.Prerequisites.Machine;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The checks against a fake machine in a temporary folder: every missing thing named with the command that fixes it. */
class PrerequisitesTest {

    @TempDir
    Path machineDir;
    private Path root;
    private Machine machine;
    private PlatformOptions options;

    @BeforeEach
    void aMachineWithEverything() throws IOException {
        root = Files.createDirectories(machineDir.resolve("checkout"));
        Path classpath = Files.createDirectories(machineDir.resolve("classpath"));
        Files.createFile(classpath.resolve(Prerequisites.postgresBinaries()));
        machine = new Machine(root, executable("usr/bin/prometheus"), executable("usr/bin/promtool"),
                executable("usr/bin/prometheus-alertmanager"), executable("keycloak/bin/kc.sh"), new URLClassLoader(new URL[] {classpath.toUri().toURL()}, null));
        for (String file : List.of("telemetry-worker/target/quarkus-app/quarkus-run.jar",
                "telemetry-site/target/quarkus-app/quarkus-run.jar", Platform.USAGE_RULES)) {
            Files.createDirectories(root.resolve(file).getParent());
            Files.createFile(root.resolve(file));
        }
        options = LaunchOptions.parse(new String[] {"--root", root.toString(),
            "--site-port", String.valueOf(LoopbackPorts.free()), "--worker-port", String.valueOf(LoopbackPorts.free()),
            "--site-management-port", String.valueOf(LoopbackPorts.free()),
            "--worker-management-port", String.valueOf(LoopbackPorts.free())}).platformOptions();
    }

    @Test
    void aMachineWithEverythingLacksNothing() {
        assertThat(Prerequisites.missing(Prerequisites.forLocalRun(options, machine))).isEmpty();
    }

    static Stream<Arguments> missingThings() {
        return Stream.of(
                Arguments.of("usr/bin/prometheus", "{dir}/usr/bin/prometheus not found: run bin/setup-debian "
                        + "(installs the Debian package prometheus)"),
                Arguments.of("usr/bin/promtool", "{dir}/usr/bin/promtool not found: run bin/setup-debian "
                        + "(installs the Debian package prometheus)"),
                Arguments.of("usr/bin/prometheus-alertmanager", "{dir}/usr/bin/prometheus-alertmanager not found: "
                        + "run bin/setup-debian (installs the Debian package prometheus-alertmanager)"),
                Arguments.of("keycloak/bin/kc.sh", "Keycloak's distribution missing ({dir}/keycloak/bin/kc.sh): run "
                        + "without SKIP_BUILD=1 or ./mvnw -B -ntp install -DskipTests (unpacks "
                        + "org.keycloak:keycloak-quarkus-dist into telemetry-devkit/target/keycloak)"),
                Arguments.of("classpath/" + Prerequisites.postgresBinaries(), "PostgreSQL's embedded binaries missing "
                        + "from the classpath (" + Prerequisites.postgresBinaries() + "): run without SKIP_BUILD=1 "
                        + "or ./mvnw -B -ntp install -DskipTests (copies io.zonky.test.postgres binaries into "
                        + "telemetry-devkit/target/lib)"),
                Arguments.of("checkout/telemetry-worker/target/quarkus-app/quarkus-run.jar",
                        "telemetry-worker/target/quarkus-app/quarkus-run.jar missing: run without SKIP_BUILD=1 or "
                                + "./mvnw -B -ntp install -DskipTests"),
                Arguments.of("checkout/telemetry-site/target/quarkus-app/quarkus-run.jar",
                        "telemetry-site/target/quarkus-app/quarkus-run.jar missing: run without SKIP_BUILD=1 or "
                                + "./mvnw -B -ntp install -DskipTests"),
                Arguments.of("checkout/" + Platform.USAGE_RULES, Platform.USAGE_RULES + " missing under {dir}/checkout: "
                        + "run bin/run-local from the checkout, or pass --root <the checkout>"));
    }

    @ParameterizedTest
    @MethodSource("missingThings")
    void aMissingFileIsNamedWithTheCommandThatProvidesIt(String file, String message) throws IOException {
        Files.delete(machineDir.resolve(file));

        assertThat(Prerequisites.missing(Prerequisites.forLocalRun(options, machine)))
                .containsExactly(message.replace("{dir}", machineDir.toString()));
    }

    @Test
    void aBinaryThatCannotBeRunIsMissing() throws IOException {
        Files.setPosixFilePermissions(machine.prometheus(), PosixFilePermissions.fromString("rw-r--r--"));

        assertThat(Prerequisites.missing(Prerequisites.forLocalRun(options, machine))).containsExactly(
                machine.prometheus() + " not found: run bin/setup-debian (installs the Debian package prometheus)");
    }

    static Stream<Arguments> ports() {
        return Stream.of(
                Arguments.of((Function<PlatformOptions, Integer>) PlatformOptions::sitePort, "telemetry-site",
                        "--site-port"),
                Arguments.of((Function<PlatformOptions, Integer>) PlatformOptions::workerPort, "telemetry-worker",
                        "--worker-port"),
                Arguments.of((Function<PlatformOptions, Integer>) o -> o.managementPorts().site(),
                        "telemetry-site's management", "--site-management-port"),
                Arguments.of((Function<PlatformOptions, Integer>) o -> o.managementPorts().worker(),
                        "telemetry-worker's management", "--worker-management-port"));
    }

    @ParameterizedTest
    @MethodSource("ports")
    void aTakenPortIsNamedWithTheOptionThatMovesIt(Function<PlatformOptions, Integer> port, String user, String option)
            throws IOException {
        int taken = port.apply(options);
        try (ServerSocket listener = new ServerSocket()) {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), taken));

            assertThat(Prerequisites.missing(Prerequisites.forLocalRun(options, machine))).containsExactly(
                    "port " + taken + " (" + user + ") is taken: stop what listens there (ss -ltnp 'sport = :"
                            + taken + "') or pass " + option + " N");
        }
        assertThat(Prerequisites.missing(Prerequisites.forLocalRun(options, machine))).isEmpty();
    }

    @Test
    void everyMissingThingIsReportedAtOnceInTableOrder() throws IOException {
        Files.delete(machine.alertmanager());
        Files.delete(root.resolve("telemetry-site/target/quarkus-app/quarkus-run.jar"));

        assertThat(Prerequisites.missing(Prerequisites.forLocalRun(options, machine)))
                .hasSize(2)
                .satisfiesExactly(
                        first -> assertThat(first).startsWith(machine.alertmanager() + " not found"),
                        second -> assertThat(second).startsWith("telemetry-site/target/quarkus-app/quarkus-run.jar"));
    }

    private Path executable(String file) throws IOException {
        Path path = machineDir.resolve(file);
        Files.createDirectories(path.getParent());
        return Files.createFile(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
    }
}
