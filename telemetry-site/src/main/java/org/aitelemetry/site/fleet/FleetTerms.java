package org.aitelemetry.site.fleet;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.ngsild.NgsiLdTerm;
import org.aitelemetry.site.ngsild.NgsiLdTerms;

/** NGSI-LD terms of the fleet inventory's clusters and nodes (GPUs: {@link GpuTerms}, slices: {@link SliceTerms}). */
@ApplicationScoped
public class FleetTerms implements NgsiLdTerms {

    static final NgsiLdTerm SOURCE = NgsiLdTerm.of("source", "Name of the metric source that reports the cluster.");
    static final NgsiLdTerm NODE_COUNT = NgsiLdTerm.measured("nodeCount", "GPU nodes present.", "C62", "count");
    static final NgsiLdTerm GPU_COUNT = NgsiLdTerm.measured("gpuCount", "GPU devices present (on the cluster or node).",
            "C62", "count");
    static final NgsiLdTerm SLICE_COUNT = NgsiLdTerm.measured("sliceCount", "MIG slices present.", "C62", "count");
    static final NgsiLdTerm GPU_MODELS = NgsiLdTerm.of("gpuModels", "GPU product names present.");
    static final NgsiLdTerm MANAGED_CLUSTER = NgsiLdTerm.of("managedCluster",
            "What the cluster's ACM hub says of it: vendor, cloud, version, availability, worker capacity, labels.");
    static final NgsiLdTerm LAST_SYNC_AT = NgsiLdTerm.of("lastSyncAt",
            "End of the last sync cycle that read the cluster.");
    static final NgsiLdTerm SYNC_STATUS = NgsiLdTerm.of("syncStatus",
            "Outcome of the last sync cycle: NEVER, OK, INCOMPLETE or FAILED.");
    static final NgsiLdTerm SYNC_MESSAGE = NgsiLdTerm.of("syncMessage",
            "What the metric source's last sync cycle has to say: why it failed or was incomplete, or what it could not"
                    + " find (no GPU and why, GPUs without free-memory readings); absent when there is nothing.");
    static final NgsiLdTerm TAINT_STATE = NgsiLdTerm.of("taintState",
            "The node's health taint as the worker left it: NONE, TAINTED, HELD (FAILED, but the blast-radius limit"
                    + " held the taint back) or DRY_RUN (would be tainted; the worker is in dry-run mode).");
    static final NgsiLdTerm TAINT_REASON = NgsiLdTerm.of("taintReason",
            "Why the taint is in its state, e.g. which limit held it back.");
    static final NgsiLdTerm TAINT_CHANGED_AT = NgsiLdTerm.of("taintChangedAt", "When the taint state last changed.");
    static final NgsiLdTerm GPU_PRODUCT = NgsiLdTerm.of("gpuProduct", "GPU product name of the node.");
    static final NgsiLdTerm DRIVER_VERSION = NgsiLdTerm.of("driverVersion", "NVIDIA driver version.");
    static final NgsiLdTerm CUDA_VERSION = NgsiLdTerm.of("cudaVersion", "CUDA version the driver supports.");
    static final NgsiLdTerm KERNEL_VERSION = NgsiLdTerm.of("kernelVersion", "Linux kernel version.");
    static final NgsiLdTerm OS_IMAGE = NgsiLdTerm.of("osImage", "Operating system image.");
    static final NgsiLdTerm LABELS = NgsiLdTerm.of("labels", "Node labels the metric source exposes.");
    static final NgsiLdTerm HEALTH_AT = NgsiLdTerm.of("healthAt", "When the health verdict was given.");

    @Override
    public List<NgsiLdTerm> terms() {
        return List.of(SOURCE, NODE_COUNT, GPU_COUNT, SLICE_COUNT, GPU_MODELS, MANAGED_CLUSTER, LAST_SYNC_AT,
                SYNC_STATUS, SYNC_MESSAGE,
                GPU_PRODUCT, DRIVER_VERSION, CUDA_VERSION, KERNEL_VERSION, OS_IMAGE, LABELS, HEALTH_AT, TAINT_STATE,
                TAINT_REASON, TAINT_CHANGED_AT);
    }
}
