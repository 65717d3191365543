package org.aitelemetry.devkit.prometheus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;

/**
 * Turns OpenMetrics files of timestamped samples into TSDB blocks with {@code promtool tsdb create-blocks-from
 * openmetrics} (the Debian package's, next to Prometheus), for a {@link PrometheusComponent} to start with
 * ({@link PrometheusSettings#withHistory}). Files are converted as they are handed in, several at once, and each is
 * deleted once converted. Blocks of up to a day: with promtool's default of two hours it reads the whole file once
 * per block, which makes a week take minutes instead of seconds.
 */
public final class TsdbBackfill {

    public static final Path PROMTOOL = Path.of("/usr/bin/promtool");
    private static final String MAX_BLOCK = "--max-block-duration=24h";
    private static final long TIMEOUT_MINUTES = 10;

    private final Path blocksDir;
    private final int parallel;
    private final Deque<Conversion> running = new ArrayDeque<>();
    private int converted;

    /** Converts into {@code blocksDir}, at most {@code parallel} files at a time. */
    public TsdbBackfill(Path blocksDir, int parallel) throws IOException {
        if (!Files.isExecutable(PROMTOOL)) {
            throw new IllegalStateException(PROMTOOL + " is missing: run bin/setup-debian");
        }
        this.blocksDir = Files.createDirectories(blocksDir);
        this.parallel = Math.max(1, parallel);
    }

    /** One promtool per processor: the conversion is CPU-bound. */
    public TsdbBackfill(Path blocksDir) throws IOException {
        this(blocksDir, Runtime.getRuntime().availableProcessors());
    }

    /** Starts converting {@code file}, after waiting for the oldest conversion while {@code parallel} run. */
    public synchronized void convert(Path file) throws IOException, InterruptedException {
        while (running.size() >= parallel) {
            finish(running.removeFirst());
        }
        Path log = file.resolveSibling(file.getFileName() + ".promtool.log");
        Process promtool = new ProcessBuilder(PROMTOOL.toString(), "tsdb", "create-blocks-from", "openmetrics",
                MAX_BLOCK, file.toString(), blocksDir.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        running.addLast(new Conversion(file, log, promtool));
    }

    /** Waits for every conversion started; fails with promtool's own words if one failed. */
    public synchronized void awaitAll() throws IOException, InterruptedException {
        while (!running.isEmpty()) {
            finish(running.removeFirst());
        }
    }

    /** Files converted so far, for progress reports. */
    public synchronized int converted() {
        return converted;
    }

    private void finish(Conversion conversion) throws IOException, InterruptedException {
        Process promtool = conversion.promtool();
        if (!promtool.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            promtool.destroyForcibly();
            throw new IllegalStateException("promtool did not convert " + conversion.file() + " within "
                    + TIMEOUT_MINUTES + " minutes; see " + conversion.log());
        }
        if (promtool.exitValue() != 0) {
            throw new IllegalStateException("promtool could not convert " + conversion.file() + " (exit "
                    + promtool.exitValue() + "): " + Files.readString(conversion.log(), StandardCharsets.UTF_8).strip());
        }
        Files.delete(conversion.file());
        Files.delete(conversion.log());
        converted++;
    }

    private record Conversion(Path file, Path log, Process promtool) {
    }
}
