package org.aitelemetry.site.fleet;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.ngsild.NgsiLdTerm;
import org.aitelemetry.site.ngsild.NgsiLdTerms;

/** NGSI-LD terms of slices, MIG instances and AMD partitions (readings shared with devices are in {@link GpuTerms}). */
@ApplicationScoped
public class SliceTerms implements NgsiLdTerms {

    static final NgsiLdTerm KIND = NgsiLdTerm.of("kind",
            "What the slice is: MIG_INSTANCE (an NVIDIA MIG GPU instance) or AMD_PARTITION (a partition of an AMD GPU in"
                    + " a CPX, DPX or QPX compute mode).");
    static final NgsiLdTerm GPU_INSTANCE_ID = NgsiLdTerm.of("gpuInstanceId",
            "MIG GPU instance id on the device, or the AMD partition's number (from 0).");
    static final NgsiLdTerm PROFILE = NgsiLdTerm.of("profile",
            "MIG profile, e.g. 1g.10gb, or the AMD partition's compute and memory modes, e.g. cpx/nps4.");
    static final NgsiLdTerm ENGINE_ACTIVE = NgsiLdTerm.measured("engineActive",
            "Graphics engine activity of the slice (fraction, 0–1).", "C62", "one");
    static final NgsiLdTerm ATTRIBUTED = NgsiLdTerm.of("attributed",
            "True when the project, pod and container holding the slice are shown to the caller.");

    @Override
    public List<NgsiLdTerm> terms() {
        return List.of(KIND, GPU_INSTANCE_ID, PROFILE, ENGINE_ACTIVE, ATTRIBUTED);
    }
}
