package org.aitelemetry.worker.kube;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The token Secret of a probe Job: one for all nodes, or one per node for node-scoped probe tokens. */
class ProbeJobsTest {

    private static final UUID REQUEST = UUID.fromString("7f1c8a4e-2b9d-4c61-9a53-0e2d4b6f8a10");

    @Test
    void everyJobMountsTheOneSecretByDefault() {
        ProbeJobs jobs = new ProbeJobs(KubeConfigs.of(Map.of()));

        assertThat(secret(jobs, "gpu-01")).isEqualTo("gpu-probe-token");
        assertThat(secret(jobs, "gpu-02")).isEqualTo("gpu-probe-token");
    }

    @Test
    void aNodePlaceholderGivesEachNodeItsOwnSecret() {
        ProbeJobs jobs = new ProbeJobs(KubeConfigs.of(Map.of("telemetry.kubernetes.token-secret",
                "gpu-probe-token-{node}")));

        assertThat(secret(jobs, "gpu-01.lab.example")).isEqualTo("gpu-probe-token-gpu-01.lab.example");
        assertThat(secret(jobs, "gpu-02")).isEqualTo("gpu-probe-token-gpu-02");
    }

    private static String secret(ProbeJobs jobs, String node) {
        return jobs.job(REQUEST, node, 8, List.of()).getSpec().getTemplate().getSpec().getVolumes().get(0).getSecret()
                .getSecretName();
    }
}
