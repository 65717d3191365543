package org.aitelemetry.site.fleet;

import java.time.OffsetDateTime;
import java.util.List;
import org.aitelemetry.site.ngsild.CommonTerms;
import org.aitelemetry.site.ngsild.NgsiLdEntity;
import org.aitelemetry.site.ngsild.NgsiLdRepresentable;

/**
 * The wire model of an AI cluster (schema {@code Cluster}); {@code managedCluster} is what its ACM hub says of it, null
 * where no hub of its source names it.
 */
public record ClusterView(long id, String name, String source, int nodeCount, int gpuCount, int sliceCount,
        List<String> gpuModels, OffsetDateTime lastSyncAt, String syncStatus, String syncMessage, String state,
        OffsetDateTime lastSeenAt, ManagedClusterView managedCluster) implements NgsiLdRepresentable {

    @Override
    public NgsiLdEntity toNgsiLd() {
        return NgsiLdEntity.of(CommonTerms.AI_CLUSTER, name)
                .property(CommonTerms.NAME, name)
                .property(FleetTerms.SOURCE, source)
                .property(FleetTerms.NODE_COUNT, nodeCount)
                .property(FleetTerms.GPU_COUNT, gpuCount)
                .property(FleetTerms.SLICE_COUNT, sliceCount)
                .property(FleetTerms.GPU_MODELS, gpuModels)
                .property(FleetTerms.LAST_SYNC_AT, lastSyncAt)
                .property(FleetTerms.SYNC_STATUS, syncStatus)
                .property(FleetTerms.SYNC_MESSAGE, syncMessage)
                .property(CommonTerms.STATE, state)
                .property(CommonTerms.LAST_SEEN_AT, lastSeenAt)
                .property(FleetTerms.MANAGED_CLUSTER, managedCluster);
    }
}
