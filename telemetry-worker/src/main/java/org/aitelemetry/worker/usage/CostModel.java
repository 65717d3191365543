package org.aitelemetry.worker.usage;

import java.time.Instant;
import java.util.OptionalDouble;
import org.aitelemetry.prometheus.dcgm.MigShare;
import org.aitelemetry.worker.price.PriceSheet;

/**
 * Prices an hour's usage with the sheet's prices in force in that hour: allocated GPU-hours at the SKU's price per
 * GPU-hour (the default's for SKUs without one) plus the energy's kilowatt-hours at its price per kWh. A slice's
 * GPU-hours are already its share of a GPU, so at the SKU's price it costs its share; where the sheet names its
 * profile, each hour of the slice costs the profile's price instead.
 */
final class CostModel {

    private static final double SECONDS_PER_HOUR = 3600;
    private static final double JOULES_PER_KWH = 3.6e6;

    private final PriceSheet sheet;

    CostModel(PriceSheet sheet) {
        this.sheet = sheet;
    }

    /** @param gpuModel the SKU as dcgm-exporter's {@code modelName} names it */
    double wholeGpu(Usage usage, String gpuModel, Instant hour) {
        return gpuHours(usage) * sheet.gpuHourPrice(gpuModel, hour) + energy(usage, gpuModel, hour);
    }

    /** A MIG slice's usage; its share follows from the profile as the rollup measured it ({@link MigShare}). */
    double slice(Usage usage, String gpuModel, String profile, Instant hour) {
        OptionalDouble slicePrice = sheet.sliceHourPrice(gpuModel, profile, hour);
        OptionalDouble share = MigShare.of(profile, gpuModel);
        double allocation = slicePrice.isPresent() && share.isPresent()
                ? gpuHours(usage) / share.getAsDouble() * slicePrice.getAsDouble()
                : gpuHours(usage) * sheet.gpuHourPrice(gpuModel, hour);
        return allocation + energy(usage, gpuModel, hour);
    }

    private double energy(Usage usage, String gpuModel, Instant hour) {
        return usage.energyJoules() / JOULES_PER_KWH * sheet.kwhPrice(gpuModel, hour);
    }

    private static double gpuHours(Usage usage) {
        return usage.allocatedGpuSeconds() / SECONDS_PER_HOUR;
    }
}
