package org.aitelemetry.worker.price;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import org.aitelemetry.worker.price.Price.PriceKey;

/**
 * The prices in force at each hour: for a SKU and MIG profile, the latest of its prices whose effective hour is at or
 * before the hour. A SKU without a price in force takes the default's ({@code *}); a profile without one is priced by
 * its share of its SKU's GPU-hour price (the caller's part); the sheet's first default reaches back to every earlier
 * hour, so no hour is unpriced. One currency for all of it.
 */
public final class PriceSheet {

    /** The SKU of the default prices. */
    public static final String DEFAULT_SKU = "*";
    private static final PriceKey DEFAULT = new PriceKey(DEFAULT_SKU, "");

    private final String source;
    private final String currency;
    private final List<Price> prices;
    private final Map<PriceKey, NavigableMap<Instant, Price>> byKey = new HashMap<>();

    /** @throws IllegalArgumentException without a default price, or with two prices of a key at one hour */
    public PriceSheet(String source, String currency, List<Price> prices) {
        this.source = source;
        this.currency = currency;
        this.prices = List.copyOf(prices);
        for (Price price : prices) {
            if (byKey.computeIfAbsent(price.key(), key -> new TreeMap<>())
                    .putIfAbsent(price.effectiveFrom(), price) != null) {
                throw new IllegalArgumentException("two prices of " + price.key() + " from " + price.effectiveFrom());
            }
        }
        if (!byKey.containsKey(DEFAULT)) {
            throw new IllegalArgumentException("no default price (sku " + DEFAULT_SKU + ")");
        }
    }

    /** Where the sheet was loaded from, as configured. */
    public String source() {
        return source;
    }

    public String currency() {
        return currency;
    }

    public List<Price> prices() {
        return prices;
    }

    /** Price of one GPU-hour of a whole GPU of the SKU. */
    public double gpuHourPrice(String sku, Instant hour) {
        return inForce(new PriceKey(sku, ""), hour).orElseGet(() -> defaultAt(hour)).gpuHourPrice().doubleValue();
    }

    /** Price of a kWh the SKU's GPUs consume. */
    public double kwhPrice(String sku, Instant hour) {
        return inForce(new PriceKey(sku, ""), hour).map(Price::kwhPrice)
                .orElseGet(() -> defaultAt(hour).kwhPrice()).doubleValue();
    }

    /** Price of one hour of a slice of the profile, when the sheet names the profile; empty otherwise. */
    public OptionalDouble sliceHourPrice(String sku, String migProfile, Instant hour) {
        return inForce(new PriceKey(sku, migProfile), hour)
                .map(price -> OptionalDouble.of(price.gpuHourPrice().doubleValue())).orElse(OptionalDouble.empty());
    }

    /**
     * The first hour whose prices differ from another sheet's (a price added, removed or changed; with another
     * currency, the first hour either prices); empty when both price every hour alike.
     */
    public Optional<Instant> firstDifference(String otherCurrency, Collection<Price> otherPrices) {
        Set<Price> changed = new HashSet<>(prices);
        changed.addAll(otherPrices);
        if (currency.equals(otherCurrency)) {
            Set<Price> common = new HashSet<>(prices);
            common.retainAll(new HashSet<>(otherPrices));
            changed.removeAll(common);
        }
        return changed.stream().map(Price::effectiveFrom).min(Instant::compareTo);
    }

    private Optional<Price> inForce(PriceKey key, Instant hour) {
        NavigableMap<Instant, Price> history = byKey.get(key);
        return history == null ? Optional.empty()
                : Optional.ofNullable(history.floorEntry(hour)).map(Map.Entry::getValue);
    }

    private Price defaultAt(Instant hour) {
        return inForce(DEFAULT, hour).orElseGet(() -> byKey.get(DEFAULT).firstEntry().getValue());
    }
}
