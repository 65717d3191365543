package org.aitelemetry.worker.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.aitelemetry.worker.kube.CheckRequest.TargetNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The probe Job's spec: it requests exactly the GPUs (or MIG slices) it tests and names them with --gpus when the
 * target is a job's or a project's GPUs; it waits for them through node affinity; it runs restricted, sized, without a
 * service-account token; and it mounts one token Secret for all nodes or one per node, or with probe tokens on a
 * projected token of the probe ServiceAccount for the worker's audience.
 */
class ProbeJobsTest {

    private static final UUID REQUEST = UUID.fromString("7f1c8a4e-2b9d-4c61-9a53-0e2d4b6f8a10");

    private final ProbeJobs jobs = new ProbeJobs(KubeConfigs.of(Map.of()));

    static Stream<Arguments> targets() {
        return Stream.of(
                Arguments.of("a whole node: all its GPUs, no --gpus", TargetNode.wholeNode("gpu-01", 8, false),
                        Map.of("nvidia.com/gpu", "8"), null),
                Arguments.of("a job's two GPUs: two requested, the two named",
                        new TargetNode("gpu-01", 2, List.of("GPU-a", "GPU-b"), Map.of(), false),
                        Map.of("nvidia.com/gpu", "2"), "GPU-a,GPU-b"),
                Arguments.of("a project's MIG slices: the MIG resource, the parent named",
                        new TargetNode("gpu-01", 0, List.of("GPU-p"), Map.of("1g.10gb", 2), false),
                        Map.of("nvidia.com/mig-1g.10gb", "2"), "GPU-p"),
                Arguments.of("a GPU and a slice on one node", new TargetNode("gpu-01", 1, List.of("GPU-a", "GPU-p"),
                        Map.of("3g.40gb", 1), false), Map.of("nvidia.com/gpu", "1", "nvidia.com/mig-3g.40gb", "1"),
                        "GPU-a,GPU-p"),
                Arguments.of("a whole AMD node: AMD's resource", TargetNode.wholeNode("amd-01", 8, true),
                        Map.of("amd.com/gpu", "8"), null),
                Arguments.of("an AMD GPU and two partitions of another: one amd.com/gpu each, the boards named",
                        new TargetNode("amd-01", 1, List.of("AMD-SN1", "AMD-SN2"), Map.of("cpx/nps4", 2), true),
                        Map.of("amd.com/gpu", "3"), "AMD-SN1,AMD-SN2"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void requestsExactlyTheGpusItTests(String name, TargetNode target, Map<String, String> devices, String gpus) {
        Container container = container(jobs.job("probes", REQUEST, target, List.of()));

        Map<String, Quantity> requests = container.getResources().getRequests();
        Map<String, Quantity> limits = container.getResources().getLimits();
        devices.forEach((resource, count) -> {
            assertThat(requests).containsEntry(resource, new Quantity(count));
            assertThat(limits).as("extended resources: limit = request").containsEntry(resource, new Quantity(count));
        });
        assertThat(requests.keySet()).filteredOn(key -> key.startsWith("nvidia.com/") || key.startsWith("amd.com/"))
                .containsExactlyInAnyOrderElementsOf(devices.keySet());
        assertThat(container.getImage()).as("the probe image of the node's GPUs").isEqualTo(target.amd()
                ? "ghcr.io/aitelemetry/gpu-probe-rocm:latest" : "ghcr.io/aitelemetry/gpu-probe:latest");
        if (gpus == null) {
            assertThat(container.getArgs()).doesNotContain("--gpus");
        } else {
            assertThat(container.getArgs()).containsSequence("--gpus", gpus);
        }
        assertThat(container.getEnv()).noneMatch(env -> env.getName().equals("NVIDIA_VISIBLE_DEVICES"));
    }

    @Test
    void thePodWaitsForItsGpusOnTheNodeAndRunsRestricted() {
        Job job = jobs.job("probes", REQUEST, TargetNode.wholeNode("gpu-01.lab.example", 4, false), List.of("gemm"));
        PodSpec pod = job.getSpec().getTemplate().getSpec();

        assertThat(pod.getNodeName()).as("nodeName skips the scheduler; the kubelet would reject a busy GPU").isNull();
        var term = pod.getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution()
                .getNodeSelectorTerms().get(0).getMatchFields().get(0);
        assertThat(term.getKey()).isEqualTo("metadata.name");
        assertThat(term.getValues()).containsExactly("gpu-01.lab.example");
        assertThat(ProbeJobs.node(job)).isEqualTo("gpu-01.lab.example");
        assertThat(job.getSpec().getActiveDeadlineSeconds()).isEqualTo(7200);
        assertThat(pod.getAutomountServiceAccountToken()).isFalse();
        assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
        var security = container(job).getSecurityContext();
        assertThat(security.getRunAsNonRoot()).isTrue();
        assertThat(security.getAllowPrivilegeEscalation()).isFalse();
        assertThat(security.getReadOnlyRootFilesystem()).isTrue();
        assertThat(security.getPrivileged()).isNull();
        assertThat(security.getCapabilities().getDrop()).containsExactly("ALL");
        assertThat(security.getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
        assertThat(container(job).getResources().getRequests()).containsEntry("cpu", new Quantity("1"))
                .containsEntry("memory", new Quantity("2Gi"));
        assertThat(container(job).getResources().getLimits()).containsEntry("cpu", new Quantity("4"))
                .containsEntry("memory", new Quantity("8Gi"));
        assertThat(container(job).getArgs()).containsSequence("--tests", "gemm");
        assertThat(job.getMetadata().getNamespace()).isEqualTo("probes");
    }

    @Test
    void everyJobMountsTheOneSecretByDefault() {
        assertThat(secret(jobs, "gpu-01")).isEqualTo("gpu-probe-token");
        assertThat(secret(jobs, "gpu-02")).isEqualTo("gpu-probe-token");
    }

    @Test
    void aNodePlaceholderGivesEachNodeItsOwnSecret() {
        ProbeJobs perNode = new ProbeJobs(KubeConfigs.of(Map.of("telemetry.kubernetes.token-secret",
                "gpu-probe-token-{node}")));

        assertThat(secret(perNode, "gpu-01.lab.example")).isEqualTo("gpu-probe-token-gpu-01.lab.example");
        assertThat(secret(perNode, "gpu-02")).isEqualTo("gpu-probe-token-gpu-02");
    }

    @Test
    void withProbeTokensTheJobMountsAProjectedTokenOfTheProbeServiceAccountAndNoSecret() {
        ProbeJobs projected = new ProbeJobs(KubeConfigs.of(Map.of("telemetry.kubernetes.probe-token.enabled", "true",
                "telemetry.kubernetes.probe-token.expiry", "30m")));
        PodSpec pod = projected.job("probes", REQUEST, TargetNode.wholeNode("gpu-01", 8, false), List.of()).getSpec()
                .getTemplate().getSpec();

        assertThat(pod.getServiceAccountName()).isEqualTo("gpu-probe");
        assertThat(pod.getAutomountServiceAccountToken()).isFalse();
        var volume = pod.getVolumes().stream().filter(v -> v.getName().equals("token")).findFirst().orElseThrow();
        assertThat(volume.getSecret()).isNull();
        var token = volume.getProjected().getSources().get(0).getServiceAccountToken();
        assertThat(token.getAudience()).isEqualTo("telemetry-worker");
        assertThat(token.getExpirationSeconds()).isEqualTo(1800);
        assertThat(token.getPath()).isEqualTo("token");
        assertThat(pod.getContainers().get(0).getArgs()).containsSequence("--token-file",
                "/var/run/secrets/aitelemetry/token");
        assertThat(jobs.job("probes", REQUEST, TargetNode.wholeNode("gpu-01", 8, false), List.of()).getSpec().getTemplate()
                .getSpec().getServiceAccountName()).as("off: the namespace's default, as before").isNull();
    }

    private static Container container(Job job) {
        return job.getSpec().getTemplate().getSpec().getContainers().get(0);
    }

    private static String secret(ProbeJobs jobs, String node) {
        return jobs.job("probes", REQUEST, TargetNode.wholeNode(node, 8, false), List.of()).getSpec().getTemplate()
                .getSpec().getVolumes().stream().filter(v -> v.getName().equals("token")).findFirst().orElseThrow()
                .getSecret().getSecretName();
    }
}
