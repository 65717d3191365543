package org.aitelemetry.devkit.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The class data a packaged app's JVM maps instead of loading, parsing and linking its classes one by one: on JDK 25 and
 * later the AOT cache (JEP 483/514), before that a dynamic AppCDS archive. Neither can be built without running the
 * app, so the first run without one records it at exit (the "first run" of the start-up target) and every later run
 * maps it. A recording is written under a name of its own and renamed once the process has ended, so a reader never
 * sees a half-written archive, and two apps recording at once never write the same file.
 *
 * <p>Both only match the class path they were recorded with (the aot-jar's {@code quarkus-run.jar}, started from its
 * own folder) and the exact JDK build, which the file name carries: a rebuilt app gets a fresh folder and another JDK
 * another name, hence a fresh recording, rather than a stale archive the JVM would ignore on every start.
 */
final class ClassDataArchive {

    /** The first JDK whose AOT cache is recorded in one training run (JEP 514). */
    private static final int AOT_CACHE_JDK = 25;

    private final Path appDir;
    private final Path archive;
    private final boolean aotCache;
    private Path recording;

    ClassDataArchive(Path appDir) {
        this(appDir, Runtime.version());
    }

    /** For a JVM of the build {@code jdk}. */
    ClassDataArchive(Path appDir, Runtime.Version jdk) {
        this.appDir = appDir;
        this.aotCache = jdk.feature() >= AOT_CACHE_JDK;
        String build = jdk.toString().replaceAll("[^A-Za-z0-9.+-]", "_");
        this.archive = appDir.resolve("app-jdk" + build + (aotCache ? ".aot" : ".jsa"));
    }

    /**
     * JVM options for the next start: map the archive when there is one, otherwise record one at exit under
     * {@code tag} (unique among the app's running processes, e.g. its port).
     */
    List<String> jvmOptions(String tag) {
        if (Files.isRegularFile(archive)) {
            recording = null;
            String name = archive.getFileName().toString();
            return List.of(aotCache ? "-XX:AOTCache=" + name : "-XX:SharedArchiveFile=" + name);
        }
        recording = appDir.resolve(archive.getFileName() + "." + tag + ".recording");
        String name = recording.getFileName().toString();
        return List.of(aotCache ? "-XX:AOTCacheOutput=" + name : "-XX:ArchiveClassesAtExit=" + name);
    }

    /**
     * After the process has ended: publishes what it recorded if it ended on its own (a JVM killed while writing may
     * leave part of a file, which is deleted).
     */
    void afterExit(boolean endedOnItsOwn) {
        if (recording == null) {
            return;
        }
        try {
            if (endedOnItsOwn && Files.isRegularFile(recording) && Files.size(recording) > 0) {
                Files.move(recording, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } else {
                Files.deleteIfExists(recording);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not keep the class-data archive " + recording, e);
        } finally {
            recording = null;
        }
    }

    Path archive() {
        return archive;
    }
}
