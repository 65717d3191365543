package org.aitelemetry.worker.price;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One price of a sheet, in force from its hour until the next price of the same SKU and profile.
 *
 * @param sku           dcgm-exporter's {@code modelName}, or {@link PriceSheet#DEFAULT_SKU}
 * @param migProfile    empty for the whole GPU; a MIG profile ({@code 1g.10gb}) prices one hour of such a slice
 * @param effectiveFrom the first hour it prices
 * @param gpuHourPrice  per GPU-hour (per slice-hour for a profile)
 * @param kwhPrice      per kWh of the GPU's energy; {@code null} where the default's applies (and always for profiles)
 */
public record Price(String sku, String migProfile, Instant effectiveFrom, BigDecimal gpuHourPrice,
        BigDecimal kwhPrice) {

    public Price {
        // Compared by value: 4.00 from the file and 4.000000 from the database are the same price.
        gpuHourPrice = gpuHourPrice.stripTrailingZeros();
        kwhPrice = kwhPrice == null ? null : kwhPrice.stripTrailingZeros();
    }

    PriceKey key() {
        return new PriceKey(sku, migProfile);
    }

    /** What a price is for: a SKU, or one MIG profile of a SKU. */
    record PriceKey(String sku, String migProfile) {
    }
}
