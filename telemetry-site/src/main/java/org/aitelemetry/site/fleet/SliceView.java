package org.aitelemetry.site.fleet;

import java.time.OffsetDateTime;
import org.aitelemetry.site.api.ProjectRef;
import org.aitelemetry.site.ngsild.CommonTerms;
import org.aitelemetry.site.ngsild.NgsiLdEntity;
import org.aitelemetry.site.ngsild.NgsiLdRepresentable;

/**
 * The wire model of a slice (schema {@code Slice}), a MIG instance or an AMD partition as {@code kind} says: {@code project}, {@code pod} and {@code container} are null
 * unless {@code attributed}, i.e. unless the caller may see who uses the slice.
 */
public record SliceView(long id, String deviceUuid, String cluster, String node, SliceKind kind, int gpuInstanceId, String profile,
        Double engineActive, Double memoryUsedMib, Double memoryFreeMib, boolean attributed, ProjectRef project,
        String pod, String container, OffsetDateTime readingsAt, String state, OffsetDateTime lastSeenAt)
        implements NgsiLdRepresentable {

    /** True for a partition of an AMD GPU, which the pages name so. */
    public boolean partition() {
        return kind == SliceKind.AMD_PARTITION;
    }

    @Override
    public NgsiLdEntity toNgsiLd() {
        NgsiLdEntity entity = NgsiLdEntity.of(CommonTerms.GPU_SLICE, deviceUuid, gpuInstanceId)
                .relationship(CommonTerms.DEVICE, CommonTerms.GPU_DEVICE, deviceUuid)
                .property(SliceTerms.KIND, kind)
                .property(SliceTerms.GPU_INSTANCE_ID, gpuInstanceId)
                .property(SliceTerms.PROFILE, profile)
                .reading(SliceTerms.ENGINE_ACTIVE, engineActive, readingsAt)
                .reading(GpuTerms.MEMORY_USED, memoryUsedMib, readingsAt)
                .reading(GpuTerms.MEMORY_FREE, memoryFreeMib, readingsAt)
                .property(SliceTerms.ATTRIBUTED, attributed)
                .property(CommonTerms.POD, pod)
                .property(CommonTerms.CONTAINER, container)
                .property(CommonTerms.STATE, state)
                .property(CommonTerms.LAST_SEEN_AT, lastSeenAt);
        if (project != null) {
            entity.relationship(CommonTerms.PROJECT, CommonTerms.RESEARCH_PROJECT, project.cluster(),
                    project.namespace());
        }
        return entity;
    }
}
