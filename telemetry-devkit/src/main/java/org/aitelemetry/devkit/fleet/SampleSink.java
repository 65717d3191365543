package org.aitelemetry.devkit.fleet;

import java.io.IOException;

/**
 * Where an exporter page's families and samples go: a scrape's response ({@link ExpositionWriter}) or the simulated past
 * ({@link HistoryFile}). Labels are the inside of a label set, {@code a="1",b="2"}.
 */
interface SampleSink {

    void family(String name, String type, String help) throws IOException;

    void sample(String name, String labels, long value) throws IOException;

    void sample(String name, String labels, double value) throws IOException;
}
