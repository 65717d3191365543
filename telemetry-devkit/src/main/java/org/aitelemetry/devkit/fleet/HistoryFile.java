package org.aitelemetry.devkit.fleet;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * A file of timestamped samples in the OpenMetrics text format, as {@code promtool tsdb create-blocks-from openmetrics}
 * reads it: each sample carries the scrape target's labels (as Prometheus adds them) and the scrape's time. No
 * {@code # TYPE} lines: OpenMetrics would demand {@code _total} on counters that dcgm-exporter names otherwise, and the
 * TSDB keeps no types anyway. Samples of one series must come in time order, which writing step by step gives.
 */
final class HistoryFile implements SampleSink, Closeable {

    private final BufferedWriter out;
    private String targetLabels = "";
    private String timestamp = "0";
    private long samples;

    HistoryFile(Path file) throws IOException {
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }

    /** The samples that follow were scraped at {@code at} from the target labelled so ({@code a="1",b="2"}). */
    void scrape(Instant at, String labels) {
        this.timestamp = at.getEpochSecond() + (at.getNano() == 0 ? "" : "." + String.format("%03d", at.getNano() / 1_000_000));
        this.targetLabels = labels;
    }

    long samples() {
        return samples;
    }

    @Override
    public void family(String name, String type, String help) {
        // Types are left out: see the class comment.
    }

    @Override
    public void sample(String name, String labels, long value) throws IOException {
        line(name, labels, Long.toString(value));
    }

    @Override
    public void sample(String name, String labels, double value) throws IOException {
        line(name, labels, Double.toString(value));
    }

    private void line(String name, String labels, String value) throws IOException {
        out.append(name).append('{').append(targetLabels);
        if (!labels.isEmpty()) {
            out.append(',').append(labels);
        }
        out.append("} ").append(value).append(' ').append(timestamp).append('\n');
        samples++;
    }

    @Override
    public void close() throws IOException {
        out.append("# EOF\n");
        out.close();
    }
}
