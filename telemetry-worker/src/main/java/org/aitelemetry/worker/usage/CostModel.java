package org.aitelemetry.worker.usage;

import java.time.Instant;
import java.util.OptionalDouble;
import org.aitelemetry.prometheus.dcgm.MigShare;
import org.aitelemetry.worker.price.PriceSheet;

/**
 * Prices an hour's usage with the sheet's prices in force in that hour, on two bases: allocated GPU-hours (the
 * allocation basis) or used GPU-hours, i.e. allocated ones weighted by utilization (the usage basis), at the SKU's
 * price per GPU-hour (the default's for SKUs without one), plus on both the energy's kilowatt-hours at its price per
 * kWh. A slice's GPU-hours are already its share of a GPU, so at the SKU's price it costs its share; where the sheet
 * names its profile, each hour of the slice costs the profile's price instead, and its used hours the same share of it.
 */
final class CostModel {

    private static final double SECONDS_PER_HOUR = 3600;
    private static final double JOULES_PER_KWH = 3.6e6;

    private final PriceSheet sheet;

    CostModel(PriceSheet sheet) {
        this.sheet = sheet;
    }

    /** @param gpuModel the SKU as dcgm-exporter's {@code modelName} names it */
    Cost wholeGpu(Usage usage, String gpuModel, Instant hour) {
        return priced(usage, sheet.gpuHourPrice(gpuModel, hour), gpuModel, hour);
    }

    /**
     * GPUs passed through to a VM: with no utilization known, their usage basis is their allocation, so a VM costs the
     * same on both bases (and never less for being unmeasured).
     */
    Cost unmetered(Usage usage, String gpuModel, Instant hour) {
        double allocation = priced(usage, sheet.gpuHourPrice(gpuModel, hour), gpuModel, hour).allocation();
        return new Cost(allocation, allocation);
    }

    /** A MIG slice's usage; its share follows from the profile as the rollup measured it ({@link MigShare}). */
    Cost slice(Usage usage, String gpuModel, String profile, Instant hour) {
        OptionalDouble slicePrice = sheet.sliceHourPrice(gpuModel, profile, hour);
        OptionalDouble share = MigShare.of(profile, gpuModel);
        // The profile's price is per slice-hour: per GPU-hour it is that price over the slice's share of a GPU.
        double perGpuHour = slicePrice.isPresent() && share.isPresent()
                ? slicePrice.getAsDouble() / share.getAsDouble()
                : sheet.gpuHourPrice(gpuModel, hour);
        return priced(usage, perGpuHour, gpuModel, hour);
    }

    private Cost priced(Usage usage, double gpuHourPrice, String gpuModel, Instant hour) {
        double energy = energy(usage, gpuModel, hour);
        return new Cost(usage.allocatedGpuSeconds() / SECONDS_PER_HOUR * gpuHourPrice + energy,
                usage.usedGpuSeconds() / SECONDS_PER_HOUR * gpuHourPrice + energy);
    }

    private double energy(Usage usage, String gpuModel, Instant hour) {
        return usage.energyJoules() / JOULES_PER_KWH * sheet.kwhPrice(gpuModel, hour);
    }
}
