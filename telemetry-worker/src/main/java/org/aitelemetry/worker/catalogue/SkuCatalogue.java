package org.aitelemetry.worker.catalogue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aitelemetry.model.fleet.Precision;
import org.aitelemetry.worker.csv.CsvFile;
import org.aitelemetry.worker.csv.CsvFile.Record;

/**
 * The shipped GPU SKU catalogue in telemetry-model, shared with gpu-probe: {@code catalogue/gpu-skus.csv} (datasheet
 * facts, one row per SKU and precision) joined with the GEMM rows of {@code catalogue/gpu-baselines.csv} (measured
 * achievable figures, each with its source). The probe also scores bandwidth tests from the baselines file; the
 * worker's tables hold only the GEMM figures.
 */
public final class SkuCatalogue {

    public static final String SKUS = "catalogue/gpu-skus.csv";
    public static final String BASELINES = "catalogue/gpu-baselines.csv";
    private static final String GEMM = "gemm_";

    /** One SKU and precision, with the measured figure when a published measurement exists. */
    public record Row(String productName, String architecture, long memoryMib, double memoryBandwidthGbps,
            double tdpWatts, Precision precision, double peakTflops, Double achievableTflops) {
    }

    private SkuCatalogue() {
    }

    public static List<Row> load() {
        return join(CsvFile.lines(SKUS), CsvFile.lines(BASELINES));
    }

    /** The SKU rows with their achievable figure; a GEMM baseline naming no catalogued SKU and precision fails. */
    static List<Row> join(List<String> skuLines, List<String> baselineLines) {
        Map<String, Double> achievable = achievableTflops(baselineLines);
        List<Row> rows = new ArrayList<>();
        for (Record r : CsvFile.parse(SKUS, skuLines)) {
            try {
                Precision precision = Precision.valueOf(r.get("precision"));
                rows.add(new Row(r.get("product_name"), r.get("architecture"), Long.parseLong(r.get("memory_mib")),
                        Double.parseDouble(r.get("memory_bandwidth_gbps")), Double.parseDouble(r.get("tdp_watts")),
                        precision, Double.parseDouble(r.get("peak_tflops")),
                        achievable.remove(key(r.get("product_name"), precision))));
            } catch (IllegalArgumentException e) {
                throw r.error(e.getMessage(), e);
            }
        }
        if (!achievable.isEmpty()) {
            throw new IllegalArgumentException(BASELINES + " has GEMM figures for SKU precisions " + SKUS
                    + " lacks: " + achievable.keySet());
        }
        return rows;
    }

    private static Map<String, Double> achievableTflops(List<String> lines) {
        Map<String, Double> figures = new HashMap<>();
        for (Record r : CsvFile.parse(BASELINES, lines)) {
            String test = r.get("test");
            if (!test.startsWith(GEMM)) {
                continue;
            }
            try {
                Precision precision = Precision.valueOf(test.substring(GEMM.length()).toUpperCase(Locale.ROOT));
                if (r.get("source").isBlank()) {
                    throw new IllegalArgumentException("every row needs a source");
                }
                String value = r.get("achievable");
                if (!value.isEmpty()) {
                    figures.put(key(r.get("product_name"), precision), Double.valueOf(value));
                }
            } catch (IllegalArgumentException e) {
                throw r.error(e.getMessage(), e);
            }
        }
        return figures;
    }

    private static String key(String productName, Precision precision) {
        return productName + "/" + precision;
    }

}
