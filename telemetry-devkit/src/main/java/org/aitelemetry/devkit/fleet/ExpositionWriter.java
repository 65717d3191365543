package org.aitelemetry.devkit.fleet;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes Prometheus text exposition format 0.0.4 through a small buffer, so a 10,000-GPU scrape streams out without
 * holding the whole body. Decimals are printed with six places, as dcgm-exporter does.
 */
final class ExpositionWriter implements SampleSink {

    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private static final int FLUSH_AT = 64 * 1024;

    private final OutputStream out;
    private final StringBuilder buffer = new StringBuilder(FLUSH_AT + 1024);

    ExpositionWriter(OutputStream out) {
        this.out = out;
    }

    @Override
    public void family(String name, String type, String help) throws IOException {
        buffer.append("# HELP ").append(name).append(' ').append(help).append('\n')
                .append("# TYPE ").append(name).append(' ').append(type).append('\n');
        flushIfFull();
    }

    @Override
    public void sample(String name, String labels, long value) throws IOException {
        start(name, labels).append(value).append('\n');
        flushIfFull();
    }

    @Override
    public void sample(String name, String labels, double value) throws IOException {
        long micros = Math.round(value * 1_000_000);
        long fraction = Math.abs(micros % 1_000_000);
        StringBuilder line = start(name, labels);
        if (micros < 0) {
            line.append('-');
        }
        line.append(Math.abs(micros / 1_000_000)).append('.');
        for (long digit = 100_000; digit > fraction && digit > 1; digit /= 10) {
            line.append('0');
        }
        line.append(fraction).append('\n');
        flushIfFull();
    }

    /** Writes what is buffered; call once at the end. */
    void finish() throws IOException {
        write();
        out.flush();
    }

    private StringBuilder start(String name, String labels) {
        return buffer.append(name).append('{').append(labels).append("} ");
    }

    private void flushIfFull() throws IOException {
        if (buffer.length() >= FLUSH_AT) {
            write();
        }
    }

    private void write() throws IOException {
        out.write(buffer.toString().getBytes(StandardCharsets.UTF_8));
        buffer.setLength(0);
    }
}
