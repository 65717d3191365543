package org.aitelemetry.site.fleet;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.ngsild.NgsiLdTerm;
import org.aitelemetry.site.ngsild.NgsiLdTerms;

/** NGSI-LD terms of the fleet inventory: clusters, nodes, SKUs, devices, slices. */
@ApplicationScoped
public class FleetTerms implements NgsiLdTerms {

    static final NgsiLdTerm SOURCE = NgsiLdTerm.of("source", "Name of the metric source that reports the cluster.");
    static final NgsiLdTerm NODE_COUNT = NgsiLdTerm.measured("nodeCount", "GPU nodes present.", "C62", "count");
    static final NgsiLdTerm GPU_COUNT = NgsiLdTerm.measured("gpuCount", "GPU devices present.", "C62", "count");
    static final NgsiLdTerm SLICE_COUNT = NgsiLdTerm.measured("sliceCount", "MIG slices present.", "C62", "count");
    static final NgsiLdTerm GPU_MODELS = NgsiLdTerm.of("gpuModels", "GPU product names present.");
    static final NgsiLdTerm LAST_SYNC_AT = NgsiLdTerm.of("lastSyncAt",
            "End of the last sync cycle that read the cluster.");
    static final NgsiLdTerm SYNC_STATUS = NgsiLdTerm.of("syncStatus",
            "Outcome of the last sync cycle: NEVER, OK, INCOMPLETE or FAILED.");

    @Override
    public List<NgsiLdTerm> terms() {
        return List.of(SOURCE, NODE_COUNT, GPU_COUNT, SLICE_COUNT, GPU_MODELS, LAST_SYNC_AT, SYNC_STATUS);
    }
}
