package org.aitelemetry.prometheus.dcgm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DcgmBlankTest {

    @Test
    void sentinelsAreBlank() {
        assertThat(DcgmBlank.isBlank(2147483632.0)).isTrue();
        assertThat(DcgmBlank.isBlank(2147483647.0)).isTrue();
        assertThat(DcgmBlank.isBlank(9223372036854775794.0)).isTrue();
        assertThat(DcgmBlank.isBlank(140737488355328.0)).isTrue();
        assertThat(DcgmBlank.isBlank(Double.NaN)).isTrue();
    }

    @Test
    void realReadingsAreNot() {
        assertThat(DcgmBlank.isBlank(0)).isFalse();
        assertThat(DcgmBlank.isBlank(99.0)).isFalse();
        assertThat(DcgmBlank.isBlank(699.5)).isFalse();
        // An energy counter of a busy GPU passes 2^31 mJ within the hour and keeps counting.
        assertThat(DcgmBlank.isBlank(5_000_000_000.0)).isFalse();
        assertThat(DcgmBlank.isBlank(2147483600.0)).isFalse();
    }
}
