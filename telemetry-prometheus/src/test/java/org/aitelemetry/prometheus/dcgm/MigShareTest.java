package org.aitelemetry.prometheus.dcgm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MigShareTest {

    private static final String A100 = "NVIDIA A100-SXM4-80GB";

    @Test
    void computeSlicesOverSeven() {
        assertThat(MigShare.of("1g.10gb", A100)).hasValue(1.0 / 7);
        assertThat(MigShare.of("3g.40gb", A100)).hasValue(3.0 / 7);
        assertThat(MigShare.of("7g.80gb", A100)).hasValue(1.0);
        assertThat(MigShare.of("1g.20gb", "NVIDIA H100 80GB HBM3")).hasValue(1.0 / 7);
        assertThat(MigShare.of("1g.10gb+me", A100)).hasValue(1.0 / 7);
    }

    @Test
    void theA30HasFourComputeSlices() {
        assertThat(MigShare.of("2g.12gb", "NVIDIA A30")).hasValue(0.5);
        assertThat(MigShare.of("4g.24gb", "NVIDIA A30")).hasValue(1.0);
    }

    @Test
    void anAmdPartitionsShareIsAmdPartitionSharesSoEveryCallerPricesBothVendors() {
        String mi300x = "AMD Instinct MI300X OAM";
        assertThat(MigShare.of("cpx/nps4", mi300x)).hasValue(1.0 / 8);
        assertThat(MigShare.of("cpx/nps1", mi300x)).hasValue(1.0 / 8);
        assertThat(MigShare.of("qpx/nps1", mi300x)).hasValue(0.25);
        assertThat(MigShare.of("dpx/nps2", mi300x)).hasValue(0.5);
        assertThat(MigShare.of("unknown/nps4", mi300x)).isEmpty();
    }

    @Test
    void profilesWithoutComputeSlicesAreUnknown() {
        assertThat(MigShare.of("mystery", A100)).isEmpty();
        assertThat(MigShare.of("8g.96gb", A100)).isEmpty();
        assertThat(MigShare.of("0g.5gb", A100)).isEmpty();
    }
}
