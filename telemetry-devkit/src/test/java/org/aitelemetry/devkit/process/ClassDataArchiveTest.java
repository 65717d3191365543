package org.aitelemetry.devkit.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-data archive with the JVM running these tests: AppCDS before JDK 25, the AOT cache from JDK 25 on. A real
 * JVM records it at exit and a second one must map it (in the strict mode where a JVM that cannot use it refuses to
 * start).
 */
class ClassDataArchiveTest {

    private static final boolean AOT_CACHE = Runtime.version().feature() >= 25;
    private static final String MAIN = ArchiveProbeMain.class.getName();

    @TempDir
    Path appDir;

    @Test
    void recordsOnTheFirstRunPublishesAtExitAndTheNextRunMapsIt() throws Exception {
        Path jar = probeJar();
        ClassDataArchive archive = new ClassDataArchive(appDir);

        List<String> record = archive.jvmOptions("8081");
        assertThat(record).singleElement().asString()
                .startsWith(AOT_CACHE ? "-XX:AOTCacheOutput=" : "-XX:ArchiveClassesAtExit=").endsWith(".8081.recording");
        assertThat(run(record, jar)).contains("probe ran");
        assertThat(archive.archive()).doesNotExist();

        archive.afterExit(true);
        assertThat(archive.archive()).isNotEmptyFile();
        assertThat(recordings()).isEmpty();

        List<String> map = archive.jvmOptions("8082");
        assertThat(map).singleElement().asString().startsWith(AOT_CACHE ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=");
        List<String> strict = new ArrayList<>(map);
        strict.add(AOT_CACHE ? "-XX:AOTMode=on" : "-Xshare:on");
        strict.add("-Xlog:class+load=info");
        String mapped = run(strict, jar);
        assertThat(mapped).containsPattern(MAIN + " source: (shared objects file|AOT cache)");
        archive.afterExit(true);
        assertThat(archive.archive()).isNotEmptyFile();
    }

    @Test
    void aRunThatDidNotEndOnItsOwnLeavesNoArchive() throws Exception {
        ClassDataArchive archive = new ClassDataArchive(appDir);
        String option = archive.jvmOptions("9000").get(0);
        Path recording = appDir.resolve(option.substring(option.indexOf('=') + 1));
        Files.writeString(recording, "part of an archive");

        archive.afterExit(false);

        assertThat(recording).doesNotExist();
        assertThat(archive.archive()).doesNotExist();
        assertThat(archive.jvmOptions("9001").get(0)).endsWith(".9001.recording");
    }

    @Test
    void aJvmKilledBeforeExitWroteNothingAndNothingIsPublished() {
        ClassDataArchive archive = new ClassDataArchive(appDir);
        archive.jvmOptions("9100");

        archive.afterExit(true);

        assertThat(archive.archive()).doesNotExist();
    }

    @Test
    void archivesOfDifferentJdkBuildsDoNotShareAName() {
        assertThat(new ClassDataArchive(appDir).archive().getFileName().toString())
                .startsWith("app-jdk" + Runtime.version().feature() + ".")
                .contains(String.valueOf(Runtime.version().update()))
                .endsWith(AOT_CACHE ? ".aot" : ".jsa");
    }

    @Test
    void theArchiveKindAndNameFollowTheJdkThatRunsTheAppNotTheHarness() {
        ClassDataArchive on25 = new ClassDataArchive(appDir, Runtime.Version.parse("25.0.3+9-LTS"));
        ClassDataArchive on17 = new ClassDataArchive(appDir, Runtime.Version.parse("17.0.15+6-Debian-1deb12u1"));

        assertThat(on25.archive().getFileName()).hasToString("app-jdk25.0.3+9-LTS.aot");
        assertThat(on25.jvmOptions("1")).singleElement().asString().startsWith("-XX:AOTCacheOutput=");
        assertThat(on17.archive().getFileName()).hasToString("app-jdk17.0.15+6-Debian-1deb12u1.jsa");
        assertThat(on17.jvmOptions("1")).singleElement().asString().startsWith("-XX:ArchiveClassesAtExit=");
    }

    private List<Path> recordings() throws IOException {
        try (var files = Files.list(appDir)) {
            return files.filter(file -> file.toString().endsWith(".recording")).toList();
        }
    }

    /** The probe's classes in a jar: class data is only archived from jars, and only for the class path it saw. */
    private Path probeJar() throws IOException {
        Path jar = appDir.resolve("probe.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            String entry = MAIN.replace('.', '/') + ".class";
            out.putNextEntry(new JarEntry(entry));
            try (InputStream in = ArchiveProbeMain.class.getClassLoader().getResourceAsStream(entry)) {
                in.transferTo(out);
            }
            out.closeEntry();
        }
        return jar;
    }

    private String run(List<String> options, Path jar) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        command.addAll(List.of("-cp", jar.getFileName().toString(), MAIN));
        Process process = new ProcessBuilder(command).directory(appDir.toFile()).redirectErrorStream(true).start();
        String output;
        try (InputStream in = process.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the JVM ends").isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }
}
