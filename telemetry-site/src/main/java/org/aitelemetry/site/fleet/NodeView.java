package org.aitelemetry.site.fleet;

import java.time.OffsetDateTime;
import java.util.Map;
import org.aitelemetry.site.ngsild.CommonTerms;
import org.aitelemetry.site.ngsild.NgsiLdEntity;
import org.aitelemetry.site.ngsild.NgsiLdRepresentable;

/**
 * The wire model of a GPU node (schema {@code Node}), with its taint state: a FAILED node the blast-radius limit held
 * back, or a dry run, says so here.
 */
public record NodeView(long id, String cluster, String name, int gpuCount, String gpuProduct, String driverVersion,
        String cudaVersion, String kernelVersion, String osImage, Map<String, String> labels, String health,
        String healthReason, OffsetDateTime healthAt, String taintState, String taintReason,
        OffsetDateTime taintChangedAt, String state, OffsetDateTime lastSeenAt) implements NgsiLdRepresentable {

    @Override
    public NgsiLdEntity toNgsiLd() {
        return NgsiLdEntity.of(CommonTerms.AI_NODE, cluster, name)
                .property(CommonTerms.NAME, name)
                .relationship(CommonTerms.CLUSTER, CommonTerms.AI_CLUSTER, cluster)
                .property(FleetTerms.GPU_COUNT, gpuCount)
                .property(FleetTerms.GPU_PRODUCT, gpuProduct)
                .property(FleetTerms.DRIVER_VERSION, driverVersion)
                .property(FleetTerms.CUDA_VERSION, cudaVersion)
                .property(FleetTerms.KERNEL_VERSION, kernelVersion)
                .property(FleetTerms.OS_IMAGE, osImage)
                .property(FleetTerms.LABELS, labels)
                .property(CommonTerms.HEALTH, health)
                .property(CommonTerms.HEALTH_REASON, healthReason)
                .property(FleetTerms.HEALTH_AT, healthAt)
                .property(FleetTerms.TAINT_STATE, taintState)
                .property(FleetTerms.TAINT_REASON, taintReason)
                .property(FleetTerms.TAINT_CHANGED_AT, taintChangedAt)
                .property(CommonTerms.STATE, state)
                .property(CommonTerms.LAST_SEEN_AT, lastSeenAt);
    }
}
