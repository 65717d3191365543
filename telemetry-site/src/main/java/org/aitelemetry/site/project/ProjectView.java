package org.aitelemetry.site.project;

import java.time.OffsetDateTime;
import java.util.Map;
import org.aitelemetry.site.ngsild.CommonTerms;
import org.aitelemetry.site.ngsild.NgsiLdEntity;
import org.aitelemetry.site.ngsild.NgsiLdRepresentable;

/**
 * The wire model of a research project (schema {@code Project}); title, PI, institution and the allocation come from
 * the namespace's annotations and labels, or from ColdFront's API where {@code metadataSource} says {@code COLDFRONT}
 * (null where none says them).
 */
public record ProjectView(long id, String cluster, String namespace, String title, String description, String pi,
        String institution, String allocationId, String allocationProjectId, String fieldOfScience,
        String metadataSource, boolean active,
        double gpusRequested, Map<String, Number> migRequested, int restartingPods, int terminatingPods, int fullPvcs, boolean vllmDetected, OffsetDateTime flagsAt, String state,
        OffsetDateTime lastSeenAt) implements NgsiLdRepresentable {

    @Override
    public NgsiLdEntity toNgsiLd() {
        return NgsiLdEntity.of(CommonTerms.RESEARCH_PROJECT, cluster, namespace)
                .relationship(CommonTerms.CLUSTER, CommonTerms.AI_CLUSTER, cluster)
                .property(ProjectTerms.NAMESPACE, namespace)
                .property(ProjectTerms.TITLE, title)
                .property(ProjectTerms.DESCRIPTION, description)
                .property(ProjectTerms.PI, pi)
                .property(ProjectTerms.INSTITUTION, institution)
                .property(ProjectTerms.ALLOCATION_ID, allocationId)
                .property(ProjectTerms.ALLOCATION_PROJECT_ID, allocationProjectId)
                .property(ProjectTerms.FIELD_OF_SCIENCE, fieldOfScience)
                .property(ProjectTerms.METADATA_SOURCE, metadataSource)
                .property(ProjectTerms.ACTIVE, active)
                .property(ProjectTerms.GPUS_REQUESTED, gpusRequested)
                .property(ProjectTerms.MIG_REQUESTED, migRequested)
                // The health flags are read together, at flagsAt.
                .reading(ProjectTerms.RESTARTING_PODS, restartingPods, flagsAt)
                .reading(ProjectTerms.TERMINATING_PODS, terminatingPods, flagsAt)
                .reading(ProjectTerms.FULL_PVCS, fullPvcs, flagsAt)
                .reading(ProjectTerms.VLLM_DETECTED, vllmDetected, flagsAt)
                .property(CommonTerms.STATE, state)
                .property(CommonTerms.LAST_SEEN_AT, lastSeenAt);
    }
}
