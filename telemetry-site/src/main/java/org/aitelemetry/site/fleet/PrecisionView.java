package org.aitelemetry.site.fleet;

/** Throughput figures of a GPU SKU at one precision (schema {@code PrecisionFigures}), in TFLOP/s. */
public record PrecisionView(String precision, Double peakTflops, Double achievableTflops) {
}
