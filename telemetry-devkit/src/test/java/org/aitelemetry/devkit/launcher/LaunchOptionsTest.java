package org.aitelemetry.devkit.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.file.Path;
import java.time.Duration;
import org.aitelemetry.devkit.keycloak.RealmImport;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {

    @Test
    void defaultsRunASmallFleetOnTheUsualPorts() {
        LaunchOptions options = LaunchOptions.parse(new String[0]);
        assertThat(options.sitePort()).isEqualTo(8080);
        assertThat(options.workerPort()).isEqualTo(8081);
        assertThat(options.managementPorts()).isEqualTo(new PlatformOptions.ManagementPorts(9001, 9000));
        assertThat(options.clusters() * options.nodesPerCluster() * options.gpusPerNode()).isEqualTo(64);
        assertThat(options.platformOptions().fleet().vmNodesPerCluster()).as("so the dashboards show VMs").isEqualTo(1);
        assertThat(options.help()).isFalse();
    }

    @Test
    void readsEveryOption() {
        LaunchOptions options = LaunchOptions.parse(new String[] {"--site-port", "9080", "--worker-port", "9081",
            "--site-management-port", "9090", "--worker-management-port", "9091", "--seed", "7", "--clusters", "3",
            "--nodes-per-cluster", "10", "--gpus-per-node", "4", "--vm-nodes-per-cluster", "0", "--help"});
        assertThat(options.sitePort()).isEqualTo(9080);
        assertThat(options.workerPort()).isEqualTo(9081);
        assertThat(options.managementPorts()).isEqualTo(new PlatformOptions.ManagementPorts(9091, 9090));
        assertThat(options.seed()).isEqualTo(7);
        assertThat(options.clusters()).isEqualTo(3);
        assertThat(options.nodesPerCluster()).isEqualTo(10);
        assertThat(options.gpusPerNode()).isEqualTo(4);
        assertThat(options.vmNodesPerCluster()).isZero();
        assertThat(options.help()).isTrue();
    }

    @Test
    void describesThePlatformToStart() {
        PlatformOptions platform = LaunchOptions.parse(new String[] {"--root", "/checkout", "--site-port", "9080",
            "--worker-port", "9081", "--seed", "7", "--clusters", "3", "--nodes-per-cluster", "5", "--gpus-per-node", "2",
            "--vm-nodes-per-cluster", "2", "--amd-nodes-per-cluster", "3"}).platformOptions();
        assertThat(platform.projectRoot()).isEqualTo(Path.of("/checkout"));
        assertThat(platform.workspace().root()).isEqualTo(Path.of("/checkout/target/devkit"));
        assertThat(platform.sitePort()).isEqualTo(9080);
        assertThat(platform.workerPort()).isEqualTo(9081);
        assertThat(platform.managementPorts()).isEqualTo(new PlatformOptions.ManagementPorts(9001, 9000));
        assertThat(platform.fleet().seed()).isEqualTo(7);
        assertThat(platform.fleet().gpuCount()).isEqualTo(3 * 5 * 2);
        assertThat(platform.fleet().projectsPerCluster()).as("one per node").isEqualTo(5);
        assertThat(platform.fleet().vmNodesPerCluster()).isEqualTo(2);
        assertThat(platform.fleet().amdNodesPerCluster()).isEqualTo(3);
        assertThat(LaunchOptions.parse(new String[0]).platformOptions().fleet().amdNodesPerCluster())
                .as("one AMD node per cluster by default").isEqualTo(1);
        assertThat(platform.realms()).as("no test clients in the local run").isEqualTo(RealmImport.PRODUCT_REALM);
    }

    @Test
    void refusesASyncIntervalTheSchedulerCannotTake() {
        PlatformOptions defaults = LaunchOptions.parse(new String[0]).platformOptions();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> defaults.withIntervals(Duration.ofSeconds(1), Duration.ofMillis(1500)))
                .withMessageContaining("whole seconds");
        assertThat(defaults.withIntervals(Duration.ofSeconds(1), Duration.ofSeconds(2)).syncInterval())
                .isEqualTo(Duration.ofSeconds(2));
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
