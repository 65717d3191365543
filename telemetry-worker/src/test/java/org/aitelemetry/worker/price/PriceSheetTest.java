package org.aitelemetry.worker.price;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which price is in force at an hour. */
class PriceSheetTest {

    static final String H100 = "NVIDIA H100 80GB HBM3";
    static final String A100 = "NVIDIA A100-SXM4-80GB";

    /**
     * The default from January (raised on 15 March); the H100 from February at 4.00, 5.00 from 15 March 00:00, 6.00
     * from 12:00 the same day; the A100's 1g.10gb from 1 March.
     */
    static final PriceSheet SHEET = PriceSheetParser.parse("test.csv", List.of(
            "currency,effective_from,sku,mig_profile,gpu_hour_price,kwh_price",
            "EUR,2026-01-01,*,,2.00,0.10",
            "EUR,2026-03-15,*,,2.50,0.20",
            "EUR,2026-02-01," + H100 + ",,4.00,0.30",
            "EUR,2026-03-15," + H100 + ",,5.00,",
            "EUR,2026-03-15T12:00Z," + H100 + ",,6.00,",
            "EUR,2026-03-01," + A100 + ",1g.10gb,0.40,"));

    @ParameterizedTest(name = "{0} at {1}")
    @CsvSource(textBlock = """
            H100 before its first price: the default's,   2026-01-31T23:00:00Z, 2.00
            H100 at its first price,                      2026-02-01T00:00:00Z, 4.00
            mid-month: the hour before the change,        2026-03-14T23:00:00Z, 4.00
            mid-month: the hour of the change,            2026-03-15T00:00:00Z, 5.00
            mid-month: the hour after the change,         2026-03-15T01:00:00Z, 5.00
            second change that day: the hour before,      2026-03-15T11:00:00Z, 5.00
            second change that day: its hour,             2026-03-15T12:00:00Z, 6.00
            second change that day: the next day,         2026-03-16T00:00:00Z, 6.00
            """)
    void aChangeAppliesFromItsHour(String rule, Instant hour, double price) {
        assertThat(SHEET.gpuHourPrice(H100, hour)).as(rule).isEqualTo(price);
    }

    @ParameterizedTest(name = "{0} at {1}")
    @CsvSource(textBlock = """
            before the sheet: its first default reaches back, 2025-06-01T00:00:00Z, 2.00
            the default in force,                             2026-03-14T23:00:00Z, 2.00
            the raised default,                               2026-03-15T00:00:00Z, 2.50
            """)
    void skusWithoutAPriceTakeTheDefaults(String rule, Instant hour, double price) {
        assertThat(SHEET.gpuHourPrice("NVIDIA L4", hour)).as(rule).isEqualTo(price);
    }

    @Test
    void aSkuWithoutItsOwnKwhPriceTakesTheDefaults() {
        assertThat(SHEET.kwhPrice(H100, Instant.parse("2026-02-10T00:00:00Z"))).isEqualTo(0.30);
        assertThat(SHEET.kwhPrice(H100, Instant.parse("2026-03-15T00:00:00Z"))).isEqualTo(0.20);
        assertThat(SHEET.kwhPrice("NVIDIA L4", Instant.parse("2026-02-10T00:00:00Z"))).isEqualTo(0.10);
        assertThat(SHEET.kwhPrice(H100, Instant.parse("2026-01-10T00:00:00Z"))).as("before the H100's own")
                .isEqualTo(0.10);
    }

    @Test
    void aProfileHasAPriceOnlyWhereTheSheetNamesItAndFromItsDate() {
        assertThat(SHEET.sliceHourPrice(A100, "1g.10gb", Instant.parse("2026-03-01T00:00:00Z"))).hasValue(0.40);
        assertThat(SHEET.sliceHourPrice(A100, "1g.10gb", Instant.parse("2026-02-28T23:00:00Z"))).isEmpty();
        assertThat(SHEET.sliceHourPrice(A100, "3g.40gb", Instant.parse("2026-03-01T00:00:00Z"))).isEmpty();
        assertThat(SHEET.sliceHourPrice(H100, "1g.10gb", Instant.parse("2026-03-01T00:00:00Z"))).isEmpty();
    }

    @Test
    void theFirstDifferenceIsTheEarliestHourAnAddedRemovedOrChangedPriceTouches() {
        List<Price> same = new ArrayList<>(SHEET.prices());
        same.replaceAll(price -> new Price(price.sku(), price.migProfile(), price.effectiveFrom(),
                price.gpuHourPrice().setScale(6), price.kwhPrice()));
        assertThat(SHEET.firstDifference("EUR", same)).as("4 and 4.000000 are one price").isEmpty();

        List<Price> changed = new ArrayList<>(SHEET.prices());
        changed.set(4, price(H100, "2026-03-15T12:00:00Z", "6.50"));
        assertThat(SHEET.firstDifference("EUR", changed)).hasValue(Instant.parse("2026-03-15T12:00:00Z"));

        List<Price> added = new ArrayList<>(SHEET.prices());
        added.add(price("NVIDIA L4", "2026-03-20T00:00:00Z", "1.00"));
        assertThat(SHEET.firstDifference("EUR", added)).hasValue(Instant.parse("2026-03-20T00:00:00Z"));

        List<Price> removed = new ArrayList<>(SHEET.prices());
        removed.remove(3);
        assertThat(SHEET.firstDifference("EUR", removed)).hasValue(Instant.parse("2026-03-15T00:00:00Z"));

        assertThat(SHEET.firstDifference("USD", SHEET.prices())).as("another currency changes every hour")
                .hasValue(Instant.parse("2026-01-01T00:00:00Z"));
    }

    private static Price price(String sku, String from, String gpuHour) {
        return new Price(sku, "", Instant.parse(from), new BigDecimal(gpuHour), null);
    }
}
