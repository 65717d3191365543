package org.aitelemetry.site.ngsild;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Entity types and terms shared by several of them. */
@ApplicationScoped
public class CommonTerms implements NgsiLdTerms {

    public static final NgsiLdTerm AI_CLUSTER = NgsiLdTerm.of("AiCluster",
            "Entity type: a Kubernetes cluster with GPUs, as a metric source reports it.");
    public static final NgsiLdTerm AI_NODE = NgsiLdTerm.of("AiNode", "Entity type: a GPU node.");
    public static final NgsiLdTerm GPU = NgsiLdTerm.of("Gpu",
            "Entity type: a GPU SKU of the catalogue (product name, peaks, baselines).");
    public static final NgsiLdTerm GPU_DEVICE = NgsiLdTerm.of("GpuDevice",
            "Entity type: a physical GPU, keyed by its UUID.");
    public static final NgsiLdTerm GPU_SLICE = NgsiLdTerm.of("GpuSlice",
            "Entity type: a MIG GPU instance of a GPU device.");
    public static final NgsiLdTerm RESEARCH_PROJECT = NgsiLdTerm.of("ResearchProject",
            "Entity type: a research project, a namespace of a cluster.");
    public static final NgsiLdTerm USAGE_SESSION = NgsiLdTerm.of("UsageSession",
            "Entity type: a span of time during which a pod used a GPU or a MIG slice.");
    public static final NgsiLdTerm PROBE_RUN = NgsiLdTerm.of("ProbeRun", "Entity type: one gpu-probe run on a node.");
    public static final NgsiLdTerm VIRTUAL_MACHINE = NgsiLdTerm.of("VirtualMachine",
            "Entity type: a KubeVirt virtual machine of a research project, with GPUs passed through to it.");

    public static final NgsiLdTerm NAME = NgsiLdTerm.of("name", "Name of the object (Kubernetes name).");
    public static final NgsiLdTerm STATE = NgsiLdTerm.of("state",
            "PRESENT while the metric source reports the object, MISSING after it stopped.");
    public static final NgsiLdTerm LAST_SEEN_AT = NgsiLdTerm.of("lastSeenAt",
            "Last time the metric source reported the object.");
    public static final NgsiLdTerm HEALTH = NgsiLdTerm.of("health",
            "Health verdict from the latest scored probe run: UNKNOWN, HEALTHY, UNSCORED (no baseline scored a"
                    + " performance test: not known healthy), INCONCLUSIVE (the run could not judge the hardware; a"
                    + " re-run is scheduled), DEGRADED or FAILED.");
    public static final NgsiLdTerm HEALTH_REASON = NgsiLdTerm.of("healthReason",
            "Why the health verdict is not HEALTHY.");
    public static final NgsiLdTerm CLUSTER = NgsiLdTerm.of("cluster",
            "The AI cluster the object belongs to (Relationship to an AiCluster).");
    public static final NgsiLdTerm NODE = NgsiLdTerm.of("node", "The node the object is on (Relationship to an AiNode).");
    public static final NgsiLdTerm PROJECT = NgsiLdTerm.of("project",
            "The research project (Relationship to a ResearchProject).");
    public static final NgsiLdTerm DEVICE = NgsiLdTerm.of("device", "The GPU (Relationship to a GpuDevice).");
    public static final NgsiLdTerm GPU_MODEL = NgsiLdTerm.of("gpuModel",
            "GPU product name (for a virtual machine's GPUs: the device plugin's device name when the catalogue does"
                    + " not know it).");
    public static final NgsiLdTerm POD = NgsiLdTerm.of("pod", "The Kubernetes pod holding or having held the GPU.");
    public static final NgsiLdTerm CONTAINER = NgsiLdTerm.of("container",
            "The container holding or having held the GPU.");
    public static final NgsiLdTerm UTILIZATION = NgsiLdTerm.measured("utilizationPercent",
            "GPU utilization, 0–100: the latest reading of a device (absent on MIG GPUs) or a session's average.",
            "P1", "percent");
    public static final NgsiLdTerm ENERGY = NgsiLdTerm.measured("energyJoules",
            "Energy: a device's counter since the driver loaded, or what a session used.", "JOU", "joule");

    @Override
    public List<NgsiLdTerm> terms() {
        return List.of(AI_CLUSTER, AI_NODE, GPU, GPU_DEVICE, GPU_SLICE, RESEARCH_PROJECT, USAGE_SESSION, PROBE_RUN,
                VIRTUAL_MACHINE, NAME, STATE, LAST_SEEN_AT, HEALTH, HEALTH_REASON, CLUSTER, NODE, PROJECT, DEVICE,
                GPU_MODEL, POD, CONTAINER,
                UTILIZATION, ENERGY);
    }
}
