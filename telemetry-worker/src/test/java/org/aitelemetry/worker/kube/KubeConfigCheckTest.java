package org.aitelemetry.worker.kube;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The start fails, naming the property, when the Kubernetes parts are on without the cluster they act on. */
class KubeConfigCheckTest {

    @Test
    void enabledWithoutAClusterStopsTheStart() {
        assertThatIllegalStateException()
                .isThrownBy(() -> KubeConfigCheck.check(KubeConfigs.of(Map.of("telemetry.kubernetes.enabled", "true"))))
                .withMessageContaining("telemetry.kubernetes.cluster");
        assertThatIllegalStateException().isThrownBy(() -> KubeConfigCheck.check(KubeConfigs.of(Map.of(
                "telemetry.kubernetes.enabled", "true", "telemetry.kubernetes.cluster", " "))))
                .withMessageContaining("telemetry.kubernetes.cluster");
    }

    @Test
    void enabledWithAClusterOrDisabledWithoutOneStarts() {
        assertThatCode(() -> KubeConfigCheck.check(KubeConfigs.of(Map.of(
                "telemetry.kubernetes.enabled", "true", "telemetry.kubernetes.cluster", "lab")))).doesNotThrowAnyException();
        assertThatCode(() -> KubeConfigCheck.check(KubeConfigs.of(Map.of())))
                .as("off by default, and nothing needed then").doesNotThrowAnyException();
    }

    @Test
    void remoteClustersAloneAreEnoughButNotTwiceTheSameCluster() {
        assertThatCode(() -> KubeConfigCheck.check(KubeConfigs.of(Map.of("telemetry.kubernetes.enabled", "true",
                "telemetry.kubernetes.clusters.east.api-server-url", "https://api.east.example:6443"))))
                .doesNotThrowAnyException();
        assertThatIllegalStateException().isThrownBy(() -> KubeConfigCheck.check(KubeConfigs.of(Map.of(
                "telemetry.kubernetes.enabled", "true", "telemetry.kubernetes.cluster", "east",
                "telemetry.kubernetes.clusters.east.api-server-url", "https://api.east.example:6443"))))
                .withMessageContaining("one cluster, one client");
    }

    @Test
    void aTaintLimitOutsideItsRangeStopsTheStart() {
        assertThatIllegalStateException().isThrownBy(() -> KubeConfigCheck.check(KubeConfigs.of(Map.of(
                "telemetry.kubernetes.enabled", "true", "telemetry.kubernetes.cluster", "lab",
                "telemetry.kubernetes.taint-limit.max-share", "10"))))
                .withMessageContaining("max-share");
    }

    @Test
    void retriesThatCouldNeverRunStopTheStart() {
        assertThatIllegalStateException().isThrownBy(() -> KubeConfigCheck.check(KubeConfigs.of(Map.of(
                "telemetry.kubernetes.enabled", "true", "telemetry.kubernetes.cluster", "lab",
                "telemetry.kubernetes.job-creation.attempts", "0"))))
                .withMessageContaining("telemetry.kubernetes.job-creation.attempts");
        assertThatIllegalStateException().isThrownBy(() -> KubeConfigCheck.check(KubeConfigs.of(Map.of(
                "telemetry.kubernetes.enabled", "true", "telemetry.kubernetes.cluster", "lab",
                "telemetry.kubernetes.job-creation.backoff", "5m",
                "telemetry.kubernetes.job-creation.backoff-max", "1m"))))
                .withMessageContaining("backoff-max");
    }
}
