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

    @Test
    void probeTokensNeedTheClustersToBeToldApartByTheirIssuer() {
        Map<String, String> twoClusters = Map.of("telemetry.kubernetes.enabled", "true",
                "telemetry.kubernetes.cluster", "lab", "telemetry.kubernetes.probe-token.enabled", "true",
                "telemetry.kubernetes.clusters.east.api-server-url", "https://api.east.example:6443",
                "telemetry.kubernetes.clusters.east.service-account-issuer", "https://east.example");
        assertThatIllegalStateException().isThrownBy(() -> KubeConfigCheck.check(KubeConfigs.of(twoClusters)))
                .withMessageContaining("telemetry.kubernetes.service-account-issuer");
        java.util.Map<String, String> sameIssuer = new java.util.HashMap<>(twoClusters);
        sameIssuer.put("telemetry.kubernetes.service-account-issuer", "https://east.example");
        assertThatIllegalStateException().isThrownBy(() -> KubeConfigCheck.check(KubeConfigs.of(sameIssuer)))
                .withMessageContaining("a different service-account-issuer per cluster");
        java.util.Map<String, String> apart = new java.util.HashMap<>(twoClusters);
        apart.put("telemetry.kubernetes.service-account-issuer", "https://lab.example");
        assertThatCode(() -> KubeConfigCheck.check(KubeConfigs.of(apart))).doesNotThrowAnyException();
        assertThatCode(() -> KubeConfigCheck.check(KubeConfigs.of(Map.of("telemetry.kubernetes.enabled", "true",
                "telemetry.kubernetes.cluster", "lab", "telemetry.kubernetes.probe-token.enabled", "true"))))
                .as("one cluster needs no issuer").doesNotThrowAnyException();
    }

    @Test
    void probeTokensNeedTheKubernetesPartsAndALifetimeTheApiServerGrants() {
        assertThatIllegalStateException().isThrownBy(() -> KubeConfigCheck.check(KubeConfigs.of(Map.of(
                "telemetry.kubernetes.probe-token.enabled", "true"))))
                .withMessageContaining("telemetry.kubernetes.enabled=true");
        assertThatIllegalStateException().isThrownBy(() -> KubeConfigCheck.check(KubeConfigs.of(Map.of(
                "telemetry.kubernetes.enabled", "true", "telemetry.kubernetes.cluster", "lab",
                "telemetry.kubernetes.probe-token.enabled", "true", "telemetry.kubernetes.probe-token.expiry", "5m"))))
                .withMessageContaining("at least 10m");
    }
}
