package org.aitelemetry.site.fleet;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.ngsild.NgsiLdTerm;
import org.aitelemetry.site.ngsild.NgsiLdTerms;

/** NGSI-LD terms of MIG slices (readings shared with devices are in {@link GpuTerms}). */
@ApplicationScoped
public class SliceTerms implements NgsiLdTerms {

    static final NgsiLdTerm GPU_INSTANCE_ID = NgsiLdTerm.of("gpuInstanceId", "MIG GPU instance id on the device.");
    static final NgsiLdTerm PROFILE = NgsiLdTerm.of("profile", "MIG profile, e.g. 1g.10gb.");
    static final NgsiLdTerm ENGINE_ACTIVE = NgsiLdTerm.measured("engineActive",
            "Graphics engine activity of the slice (fraction, 0–1).", "C62", "one");
    static final NgsiLdTerm ATTRIBUTED = NgsiLdTerm.of("attributed",
            "True when the project, pod and container holding the slice are shown to the caller.");

    @Override
    public List<NgsiLdTerm> terms() {
        return List.of(GPU_INSTANCE_ID, PROFILE, ENGINE_ACTIVE, ATTRIBUTED);
    }
}
