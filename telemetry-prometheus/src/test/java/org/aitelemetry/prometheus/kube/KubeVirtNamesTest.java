package org.aitelemetry.prometheus.kube;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KubeVirtNamesTest {

    @ParameterizedTest(name = "{0} runs VMI \"{1}\"")
    @CsvSource(nullValues = "none", value = {
            "virt-launcher-rhel9-gpu-x7k2d, rhel9-gpu",
            "virt-launcher-a-bcdfg, a",
            "virt-launcher-vm.with.dots-2z9qq, vm.with.dots",
            // Not a generated suffix: vowels and 0, 1, 3 are never in Kubernetes' alphabet, and it is five long.
            "virt-launcher-rhel9-gpu-x7a2d, none",
            "virt-launcher-rhel9-gpu-x7k2, none",
            "virt-launcher-x7k2d, none",
            "trainer-0-x7k2d, none",
            "virt-launcher--x7k2d, none"})
    void launcherPodsNameTheirVmi(String pod, String vmi) {
        assertThat(KubeVirtMetric.vmiOfLauncherPod(pod)).isEqualTo(Optional.ofNullable(vmi));
    }

    @ParameterizedTest(name = "resource label {0} → {1}")
    @CsvSource(nullValues = "none", value = {
            "nvidia_com_GH100_H100_SXM5_80GB, nvidia.com/GH100_H100_SXM5_80GB",
            "nvidia_com_TU104GL_Tesla_T4, nvidia.com/TU104GL_Tesla_T4",
            "nvidia_com_gpu, none",
            "nvidia_com_mig_1g_10gb, none",
            "nvidia_com_, none",
            "amd_com_gpu, none",
            "cpu, none"})
    void onlyPassthroughDevicesAreVmGpus(String label, String resource) {
        assertThat(PassthroughResource.fromLabel(label).map(PassthroughResource::resourceName))
                .isEqualTo(Optional.ofNullable(resource));
    }
}
