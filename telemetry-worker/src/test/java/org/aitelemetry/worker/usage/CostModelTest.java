package org.aitelemetry.worker.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import org.aitelemetry.worker.price.PriceSheetFile;
import org.aitelemetry.worker.price.PriceSheetParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CostModelTest {

    private static final String H100 = "NVIDIA H100 80GB HBM3";
    private static final String A100 = "NVIDIA A100-SXM4-80GB";
    private static final Instant MARCH = Instant.parse("2026-03-02T10:00:00Z");
    /** One GPU-hour of a whole GPU, and 3.6 MJ = 1 kWh. */
    private static final Usage GPU_HOUR = new Usage(3600, 1800, 0, 0);
    private static final Usage KWH = new Usage(0, 0, 0, 3.6e6);

    private final CostModel costs = new CostModel(PriceSheetParser.parse("test.csv", List.of(
            "currency,effective_from,sku,mig_profile,gpu_hour_price,kwh_price",
            "EUR,2026-01-01,*,,2.00,0.25",
            "EUR,2026-01-01," + H100 + ",,4.00,0.30",
            "EUR,2026-03-15," + H100 + ",,5.00,",
            "EUR,2026-01-01," + A100 + ",1g.10gb,0.50,")));

    @Test
    void allocatedGpuHoursAtTheSkuPricePlusEnergy() {
        Usage usage = new Usage(7200, 3600, 0, 3.6e6);

        assertThat(costs.wholeGpu(usage, H100, MARCH).allocation()).isCloseTo(2 * 4.0 + 0.30, within(1e-12));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # case                         | allocated s | used s | joules | allocation basis | usage basis
            busy all hour                  | 3600        | 3600   | 0      | 4.00             | 4.00
            held, half used                | 3600        | 1800   | 0      | 4.00             | 2.00
            held, never used               | 7200        | 0      | 0      | 8.00             | 0
            energy alone, on both          | 0           | 0      | 3.6e6  | 0.30             | 0.30
            quarter used, with 2 kWh       | 3600        | 900    | 7.2e6  | 4.60             | 1.60
            """)
    void theUsageBasisPricesUsedGpuHoursAndBothTheEnergy(String name, double allocated, double used, double joules,
            double allocationBasis, double usageBasis) {
        Cost cost = costs.wholeGpu(new Usage(allocated, used, 0, joules), H100, MARCH);

        assertThat(cost.allocation()).isCloseTo(allocationBasis, within(1e-12));
        assertThat(cost.usage()).isCloseTo(usageBasis, within(1e-12));
    }

    @Test
    void aSlicesUsageBasisIsItsAllocationPriceTimesItsUtilizationShare() {
        // An hour of a 1g.10gb (1/7 GPU-hours) at 40 % utilization: 40 % of the profile's price, plus 1 kWh on both.
        Cost profiled = costs.slice(new Usage(3600.0 / 7, 0.4 * 3600 / 7, 0, 3.6e6), A100, "1g.10gb", MARCH);
        assertThat(profiled.allocation()).isCloseTo(0.50 + 0.25, within(1e-12));
        assertThat(profiled.usage()).isCloseTo(0.4 * 0.50 + 0.25, within(1e-12));
        // A 3g.40gb, priced by its share of the GPU, half used.
        Cost shared = costs.slice(new Usage(3600 * 3.0 / 7, 1800 * 3.0 / 7, 0, 0), A100, "3g.40gb", MARCH);
        assertThat(shared.allocation()).isCloseTo(3.0 / 7 * 2.0, within(1e-12));
        assertThat(shared.usage()).isCloseTo(0.5 * 3.0 / 7 * 2.0, within(1e-12));
    }

    @Test
    void eachHourIsPricedWithThePricesInForceInIt() {
        assertThat(costs.wholeGpu(GPU_HOUR, H100, Instant.parse("2026-03-14T23:00:00Z")).allocation()).isEqualTo(4.0);
        assertThat(costs.wholeGpu(GPU_HOUR, H100, Instant.parse("2026-03-15T00:00:00Z")).allocation()).isEqualTo(5.0);
        assertThat(costs.wholeGpu(KWH, H100, Instant.parse("2026-03-15T00:00:00Z")).allocation())
                .as("the default's kWh price")
                .isCloseTo(0.25, within(1e-12));
    }

    @Test
    void aVmsGpuHoursCostTheirAllocationOnBothBases() {
        Cost cost = costs.unmetered(Usage.unmetered(7200), H100, MARCH);

        assertThat(cost.allocation()).isCloseTo(2 * 4.0, within(1e-12));
        assertThat(cost.usage()).as("no utilization known: never cheaper for being unmeasured")
                .isEqualTo(cost.allocation());
    }

    @Test
    void unknownSkusUseTheDefaultPrice() {
        assertThat(costs.wholeGpu(new Usage(1800, 0, 0, 0), "NVIDIA L4", MARCH).allocation())
                .isCloseTo(1.0, within(1e-12));
    }

    @Test
    void energyAloneCostsItsKilowattHours() {
        assertThat(costs.wholeGpu(new Usage(0, 0, 0, 1.8e6), H100, MARCH).allocation()).isCloseTo(0.15, within(1e-12));
    }

    @Test
    void aSliceCostsItsShareOfItsGpusPriceUnlessTheSheetNamesItsProfile() {
        // An hour of a 3g.40gb is 3/7 GPU-hours: its share of the A100's (default) price.
        Usage threeSevenths = new Usage(3600 * 3.0 / 7, 0, 0, 0);
        assertThat(costs.slice(threeSevenths, A100, "3g.40gb", MARCH).allocation())
                .isCloseTo(3.0 / 7 * 2.0, within(1e-12));
        // An hour of a 1g.10gb (1/7 GPU-hours) costs the profile's price, not 1/7 of the GPU's.
        Usage oneSeventh = new Usage(3600.0 / 7, 0, 0, 0);
        assertThat(costs.slice(oneSeventh, A100, "1g.10gb", MARCH).allocation()).isCloseTo(0.50, within(1e-12));
        // Half an hour of it, with 1 kWh, which is priced at the GPU's kWh price.
        Usage halfHour = new Usage(1800.0 / 7, 0, 0, 3.6e6);
        assertThat(costs.slice(halfHour, A100, "1g.10gb", MARCH).allocation()).isCloseTo(0.25 + 0.25, within(1e-12));
        // The profile's price is the A100's only.
        assertThat(costs.slice(oneSeventh, H100, "1g.10gb", MARCH).allocation()).isCloseTo(4.0 / 7, within(1e-12));
    }

    @Test
    void theNercExampleBillsAGpuSuPerGpuHourBySku() {
        CostModel nerc = new CostModel(PriceSheetFile.read("classpath:prices/nerc-su.csv"));

        assertThat(nerc.wholeGpu(GPU_HOUR, H100, MARCH).allocation()).isEqualTo(6.04);
        assertThat(nerc.wholeGpu(GPU_HOUR, "NVIDIA A100-SXM4-40GB", MARCH).allocation()).isEqualTo(2.078);
        assertThat(nerc.wholeGpu(GPU_HOUR, "NVIDIA A100 80GB PCIe", MARCH).allocation()).isEqualTo(1.803);
        assertThat(nerc.wholeGpu(GPU_HOUR, "Tesla V100-SXM2-32GB", MARCH).allocation()).isEqualTo(1.214);
        assertThat(nerc.wholeGpu(GPU_HOUR, "Tesla K80", MARCH).allocation()).isEqualTo(0.463);
        assertThat(nerc.wholeGpu(KWH, H100, MARCH).allocation()).as("the SU includes energy").isZero();
        assertThat(nerc.wholeGpu(GPU_HOUR, "NVIDIA L4", MARCH).allocation()).as("no SU for it").isZero();
        // 199.2 hours of one A100 SU, NERC's own example, at its rate (NERC rounds up to 200 h; we do not).
        assertThat(nerc.wholeGpu(new Usage(199.2 * 3600, 0, 0, 0), "NVIDIA A100 80GB PCIe", MARCH).allocation())
                .isCloseTo(199.2 * 1.803, within(1e-9));
        // A 3g.40gb slice of an A100-SXM4 for an hour: 3/7 of its SU.
        assertThat(nerc.slice(new Usage(3600 * 3.0 / 7, 0, 0, 0), "NVIDIA A100-SXM4-40GB", "3g.40gb", MARCH)
                .allocation())
                .isCloseTo(3.0 / 7 * 2.078, within(1e-12));
    }
}
