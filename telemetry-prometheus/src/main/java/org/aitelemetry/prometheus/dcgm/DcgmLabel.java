package org.aitelemetry.prometheus.dcgm;

/**
 * The labels dcgm-exporter puts on its series, in every spelling the exporters use (contracts.md §5). Kubernetes
 * labels (the pod holding a GPU, the cluster) are in {@link org.aitelemetry.prometheus.kube.KubeLabel}.
 */
public final class DcgmLabel {

    public static final String UUID = "UUID";
    /** The GPU's UUID as some exporters and federated copies spell it. */
    public static final String UUID_LOWERCASE = "uuid";
    public static final String HOSTNAME = "Hostname";
    /** {@code Hostname} as newer exporters spell it. */
    public static final String HOSTNAME_LOWERCASE = "hostname";
    /** The GPU's index on its node. */
    public static final String GPU_INDEX = "gpu";
    public static final String PCI_BUS_ID = "pci_bus_id";
    public static final String DEVICE = "device";
    public static final String MODEL_NAME = "modelName";
    public static final String DRIVER_VERSION = "DCGM_FI_DRIVER_VERSION";
    /** GPU instance id of a MIG slice; absent or empty on a whole GPU. */
    public static final String GPU_INSTANCE_ID = "GPU_I_ID";
    public static final String GPU_INSTANCE_PROFILE = "GPU_I_PROFILE";

    private DcgmLabel() {
    }
}
