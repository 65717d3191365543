package org.aitelemetry.devkit.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class LaunchOptionsTest {

    @Test
    void defaultsRunASmallFleetOnTheUsualPorts() {
        LaunchOptions options = LaunchOptions.parse(new String[0]);
        assertThat(options.sitePort()).isEqualTo(8080);
        assertThat(options.workerPort()).isEqualTo(8081);
        assertThat(options.clusters() * options.nodesPerCluster() * options.gpusPerNode()).isEqualTo(64);
        assertThat(options.help()).isFalse();
    }

    @Test
    void readsEveryOption() {
        LaunchOptions options = LaunchOptions.parse(new String[] {"--site-port", "9080", "--worker-port", "9081",
            "--seed", "7", "--clusters", "3", "--nodes-per-cluster", "10", "--gpus-per-node", "4", "--help"});
        assertThat(options.sitePort()).isEqualTo(9080);
        assertThat(options.workerPort()).isEqualTo(9081);
        assertThat(options.seed()).isEqualTo(7);
        assertThat(options.clusters()).isEqualTo(3);
        assertThat(options.nodesPerCluster()).isEqualTo(10);
        assertThat(options.gpusPerNode()).isEqualTo(4);
        assertThat(options.help()).isTrue();
    }

    @Test
    void rejectsUnknownMissingAndOutOfRangeValuesWithTheirName() {
        assertThatIllegalArgumentException().isThrownBy(() -> LaunchOptions.parse(new String[] {"--gpus", "8"}))
                .withMessage("unknown option --gpus");
        assertThatIllegalArgumentException().isThrownBy(() -> LaunchOptions.parse(new String[] {"--site-port"}))
                .withMessage("--site-port needs a value");
        assertThatIllegalArgumentException().isThrownBy(() -> LaunchOptions.parse(new String[] {"--site-port", "70000"}))
                .withMessageContaining("--site-port must be between 1 and 65535");
        assertThatIllegalArgumentException().isThrownBy(() -> LaunchOptions.parse(new String[] {"--seed", "x"}))
                .withMessage("--seed must be a number, not x");
    }
}
