package org.aitelemetry.worker.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CostModelTest {

    private final CostModel costs = new CostModel(Map.of("NVIDIA H100 80GB HBM3", 4.0), 2.0, 0.25);

    @Test
    void allocatedGpuHoursAtTheSkuPricePlusEnergy() {
        // Two GPU-hours and 3.6 MJ = 1 kWh.
        Usage usage = new Usage(7200, 3600, 0, 3.6e6);

        assertThat(costs.cost(usage, "NVIDIA H100 80GB HBM3")).isCloseTo(2 * 4.0 + 0.25, within(1e-12));
    }

    @Test
    void unknownSkusUseTheDefaultPrice() {
        assertThat(costs.cost(new Usage(1800, 0, 0, 0), "NVIDIA A100-SXM4-80GB")).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void energyAloneCostsItsKilowattHours() {
        assertThat(costs.cost(new Usage(0, 0, 0, 1.8e6), "NVIDIA H100 80GB HBM3")).isCloseTo(0.125, within(1e-12));
    }
}
