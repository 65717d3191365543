package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ApiOptionsTest {

    @Test
    void defaultsAreTheAcceptanceFleet() {
        assertThat(ApiOptions.parse(new String[0]).scale()).isEqualTo(ApiFleetScale.ACCEPTANCE)
                .isEqualTo(new ApiFleetScale(5, 250, 8, 100, 10, 100, 30));
        assertThat(ApiOptions.parse(new String[] {"--smoke"}).scale()).isEqualTo(ApiFleetScale.SMOKE);
    }

    @Test
    void gpusAndProjectsSizeTheFleetAsTheAcceptanceOne() {
        ApiFleetScale large = ApiOptions.parse(new String[] {"--gpus", "100000", "--projects", "5000"}).scale();
        ApiFleetScale smokeOnLarge = ApiOptions.parse(new String[] {"--smoke", "--gpus", "100000"}).scale();

        assertThat(large).isEqualTo(new ApiFleetScale(5, 2500, 8, 1000, 100, 100, 30));
        assertThat(large.gpus()).isEqualTo(100_000);
        assertThat(large.slices()).isEqualTo(20_000);
        assertThat(large.projects()).isEqualTo(5_000);
        assertThat(smokeOnLarge).isEqualTo(new ApiFleetScale(5, 2500, 8, 100, 100, 100, 30));
    }

    @Test
    void refusesFleetsItCannotShape() {
        assertThatThrownBy(() -> ApiOptions.parse(new String[] {"--gpus", "10001"}))
                .hasMessageContaining("multiple of 40");
        assertThatThrownBy(() -> ApiOptions.parse(new String[] {"--gpus", "40"})).hasMessageContaining("between");
        assertThatThrownBy(() -> ApiOptions.parse(new String[] {"--projects", "501"}))
                .hasMessageContaining("multiple of 5");
    }
}
