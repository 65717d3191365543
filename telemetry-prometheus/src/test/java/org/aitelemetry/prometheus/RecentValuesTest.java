package org.aitelemetry.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RecentValuesTest {

    @Test
    void aRepeatedValueIsHeldOnce() {
        RecentValues values = new RecentValues();
        String first = values.share(new String("worker-gpu-0001"));

        assertThat(values.share(new String("worker-gpu-0001"))).isSameAs(first);
    }

    /** "Aa" and "BB" have the same hash, so they take the same slot: each is returned as itself. */
    @Test
    void valuesOfTheSameHashAreNeverMistakenForEachOther() {
        RecentValues values = new RecentValues();

        assertThat(values.share("Aa")).isEqualTo("Aa");
        assertThat(values.share("BB")).isEqualTo("BB");
        assertThat(values.share(new String("Aa"))).isEqualTo("Aa");
    }
}
