package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DashboardOptionsTest {

    @Test
    void defaultsAreTheJudgedAcceptanceRun() {
        DashboardOptions options = DashboardOptions.parse(new String[0]);

        assertThat(options).isEqualTo(new DashboardOptions(1000, 200, 4, 1000, ApiFleetScale.ACCEPTANCE));
        assertThat(options.judged()).isTrue();
    }

    @Test
    void smokeAndShortRunsAreNotJudged() {
        DashboardOptions smoke = DashboardOptions.parse(new String[] {"--smoke"});
        DashboardOptions shortRun = DashboardOptions.parse(new String[] {"--requests", "999", "--clients", "1",
                "--warmup", "0", "--floor", "0"});

        assertThat(smoke).isEqualTo(new DashboardOptions(50, 20, 4, 50, ApiFleetScale.SMOKE));
        assertThat(smoke.judged()).isFalse();
        assertThat(shortRun).isEqualTo(new DashboardOptions(999, 0, 1, 0, ApiFleetScale.ACCEPTANCE));
        assertThat(shortRun.judged()).isFalse();
    }

    @Test
    void refusesWhatCannotRun() {
        assertThatThrownBy(() -> DashboardOptions.parse(new String[] {"--requests", "0"}))
                .hasMessageContaining("between 1 and");
        assertThatThrownBy(() -> DashboardOptions.parse(new String[] {"--clients"})).hasMessageContaining("needs a value");
        assertThatThrownBy(() -> DashboardOptions.parse(new String[] {"--rate", "5"}))
                .hasMessageContaining("unknown option --rate");
    }
}
