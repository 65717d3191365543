package org.aitelemetry.prometheus.amd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AmdPartitionShareTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            cpx/nps4  | AMD Instinct MI300X OAM | 0.125
            cpx/nps1  | AMD Instinct MI355X OAM | 0.125
            CPX/NPS4  | AMD Instinct MI325X OAM | 0.125
            cpx/nps1  | AMD Instinct MI300A     | 0.16666666666666666
            tpx/nps1  | AMD Instinct MI300A     | 0.3333333333333333
            qpx/nps1  | AMD Instinct MI300X OAM | 0.25
            dpx/nps2  | AMD Instinct MI300X OAM | 0.5
            spx/nps1  | AMD Instinct MI300X OAM | 1.0
            """)
    void oneOverThePartitionsOfTheComputeMode(String profile, String model, double share) {
        assertThat(AmdPartitionShare.of(profile, model)).hasValue(share);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            cpx/nps4 | 102-G30211-0C
            cpx/nps4 | AMD Instinct MI210
            mystery  | AMD Instinct MI300X OAM
            /nps4    | AMD Instinct MI300X OAM
            """)
    void unknownModesAndCpxOnUnknownBoardsHaveNoShare(String profile, String model) {
        assertThat(AmdPartitionShare.of(profile, model)).isEqualTo(OptionalDouble.empty());
    }
}
