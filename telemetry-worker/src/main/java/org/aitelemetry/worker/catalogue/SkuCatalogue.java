package org.aitelemetry.worker.catalogue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.model.fleet.Precision;

/**
 * The shipped GPU SKU catalogue ({@code catalogue/gpu-skus.csv} in telemetry-model, shared with gpu-probe): one row per
 * SKU and precision with the datasheet peak and, where measured, the achievable throughput.
 */
public final class SkuCatalogue {

    public static final String RESOURCE = "catalogue/gpu-skus.csv";
    private static final int COLUMNS = 8;

    /** One row of the file. */
    public record Row(String productName, String architecture, long memoryMib, double memoryBandwidthGbps,
            double tdpWatts, Precision precision, double peakTflops, Double achievableTflops) {
    }

    private SkuCatalogue() {
    }

    public static List<Row> load() {
        try (InputStream in = SkuCatalogue.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    static List<Row> parse(List<String> lines) {
        List<Row> rows = new ArrayList<>();
        boolean header = true;
        for (int number = 1; number <= lines.size(); number++) {
            String line = lines.get(number - 1).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (header) {
                header = false;
                continue;
            }
            rows.add(row(line, number));
        }
        return rows;
    }

    private static Row row(String line, int number) {
        String[] cells = line.split(",", -1);
        if (cells.length != COLUMNS) {
            throw new IllegalArgumentException(RESOURCE + " line " + number + ": expected " + COLUMNS + " columns, found "
                    + cells.length);
        }
        try {
            return new Row(cells[0], cells[1], Long.parseLong(cells[2]), Double.parseDouble(cells[3]),
                    Double.parseDouble(cells[4]), Precision.valueOf(cells[5]), Double.parseDouble(cells[6]),
                    cells[7].isEmpty() ? null : Double.valueOf(cells[7]));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(RESOURCE + " line " + number + ": " + e.getMessage(), e);
        }
    }
}
