package org.aitelemetry.prometheus.kube;

import java.util.Optional;

/**
 * A whole GPU passed through to a VM, as NVIDIA's KubeVirt GPU device plugin names it: {@code nvidia.com/<PCI device
 * name>} (e.g. {@code nvidia.com/GH100_H100_SXM5_80GB}), which kube-state-metrics spells {@code
 * nvidia_com_GH100_H100_SXM5_80GB}. The container resources {@code nvidia.com/gpu} and {@code nvidia.com/mig-*} are
 * not passthrough devices.
 *
 * @param deviceName the PCI device name part, e.g. {@code GH100_H100_SXM5_80GB}
 */
public record PassthroughResource(String deviceName) {

    private static final String SANITISED_PREFIX = "nvidia_com_";
    private static final String PREFIX = "nvidia.com/";

    /** The resource from kube-state-metrics' {@code resource} label; empty for anything but a passthrough GPU. */
    public static Optional<PassthroughResource> fromLabel(String sanitised) {
        if (!sanitised.startsWith(SANITISED_PREFIX) || sanitised.equals(KubeLabel.GPU_RESOURCE)
                || sanitised.startsWith(KubeLabel.MIG_RESOURCE_PREFIX)
                || sanitised.length() == SANITISED_PREFIX.length()) {
            return Optional.empty();
        }
        return Optional.of(new PassthroughResource(sanitised.substring(SANITISED_PREFIX.length())));
    }

    /** A regular expression over the {@code resource} label matching every NVIDIA resource, passthrough or not. */
    public static String labelPattern() {
        return SANITISED_PREFIX + ".+";
    }

    /** The resource as the VM's spec and the node's capacity name it. */
    public String resourceName() {
        return PREFIX + deviceName;
    }
}
