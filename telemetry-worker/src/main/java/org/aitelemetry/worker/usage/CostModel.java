package org.aitelemetry.worker.usage;

import java.util.Map;

/**
 * Prices usage: allocated GPU-hours at the SKU's price per GPU-hour (a default for SKUs without one; a slice's
 * GPU-hours are already its share of a GPU) plus the energy's kilowatt-hours at the price per kWh.
 */
final class CostModel {

    private static final double SECONDS_PER_HOUR = 3600;
    private static final double JOULES_PER_KWH = 3.6e6;

    private final Map<String, Double> gpuHourPrices;
    private final double defaultGpuHourPrice;
    private final double kwhPrice;

    CostModel(Map<String, Double> gpuHourPrices, double defaultGpuHourPrice, double kwhPrice) {
        this.gpuHourPrices = Map.copyOf(gpuHourPrices);
        this.defaultGpuHourPrice = defaultGpuHourPrice;
        this.kwhPrice = kwhPrice;
    }

    /** @param gpuModel the SKU as dcgm-exporter's {@code modelName} names it */
    double cost(Usage usage, String gpuModel) {
        double gpuHours = usage.allocatedGpuSeconds() / SECONDS_PER_HOUR;
        double kwh = usage.energyJoules() / JOULES_PER_KWH;
        return gpuHours * gpuHourPrices.getOrDefault(gpuModel, defaultGpuHourPrice) + kwh * kwhPrice;
    }
}
