package org.aitelemetry.site.session;

import java.time.OffsetDateTime;
import org.aitelemetry.site.api.ProjectRef;
import org.aitelemetry.site.ngsild.CommonTerms;
import org.aitelemetry.site.ngsild.NgsiLdEntity;
import org.aitelemetry.site.ngsild.NgsiLdRepresentable;

/** The wire model of a GPU usage session (schema {@code Session}). */
public record SessionView(long id, ProjectRef project, String cluster, String node, String gpuUuid, String gpuModel,
        Integer gpuInstanceId, String migProfile, String pod, String container, OffsetDateTime startsAt,
        OffsetDateTime endsAt, String state, String closeReason, Double durationSeconds, Double utilizationPercent,
        Double energyJoules, Double gpuSeconds, String traceId, String spanId, String traceUrl, String exportState)
        implements NgsiLdRepresentable {

    @Override
    public NgsiLdEntity toNgsiLd() {
        NgsiLdEntity entity = NgsiLdEntity.of(CommonTerms.USAGE_SESSION, id);
        if (project != null) {
            entity.relationship(CommonTerms.PROJECT, CommonTerms.RESEARCH_PROJECT, project.cluster(),
                    project.namespace());
        }
        return entity.relationship(CommonTerms.CLUSTER, CommonTerms.AI_CLUSTER, cluster)
                .relationship(CommonTerms.NODE, CommonTerms.AI_NODE, cluster, node)
                .relationship(CommonTerms.DEVICE, CommonTerms.GPU_DEVICE, gpuUuid)
                .relationship(SessionTerms.SLICE, CommonTerms.GPU_SLICE, gpuUuid, gpuInstanceId)
                .property(CommonTerms.GPU_MODEL, gpuModel)
                .property(SessionTerms.MIG_PROFILE, migProfile)
                .property(CommonTerms.POD, pod)
                .property(CommonTerms.CONTAINER, container)
                .property(SessionTerms.STARTS_AT, startsAt)
                .property(SessionTerms.ENDS_AT, endsAt)
                .property(SessionTerms.SESSION_STATE, state)
                .property(SessionTerms.CLOSE_REASON, closeReason)
                .property(SessionTerms.DURATION, durationSeconds)
                .property(CommonTerms.UTILIZATION, utilizationPercent)
                .property(CommonTerms.ENERGY, energyJoules)
                .property(SessionTerms.GPU_SECONDS, gpuSeconds)
                .property(SessionTerms.TRACE_ID, traceId)
                .property(SessionTerms.SPAN_ID, spanId)
                .property(SessionTerms.TRACE_URL, traceUrl)
                .property(SessionTerms.EXPORT_STATE, exportState);
    }
}
