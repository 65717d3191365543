package org.aitelemetry.worker.span;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import org.aitelemetry.prometheus.amd.AmdField;
import org.aitelemetry.prometheus.amd.AmdLabels;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.worker.promql.AmdQueries;
import org.aitelemetry.worker.promql.QueryCatalogue;

/**
 * A session's aggregate queries, by the vendor its GPU id names. NVIDIA (dcgm-exporter): {@code DCGM_FI_DEV_GPU_UTIL}
 * (%) for a whole GPU, the slice's {@code DCGM_FI_PROF_GR_ENGINE_ACTIVE} (0–1) for a MIG slice, and the increase of
 * {@code DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION} (mJ). AMD ({@code AMD-<serial>}, device-metrics-exporter):
 * {@code gpu_gfx_activity} (%) of the GPU or the partition, and the increase of {@code gpu_energy_consumed} (µJ).
 * Spans carry percent and joules whichever the source.
 */
@ApplicationScoped
class AggregateQueries {

    /** No GPU draws this much: a larger energy increase was made by a blank sentinel or a broken counter. */
    private static final double MAX_PLAUSIBLE_WATTS = 5_000;

    private final QueryCatalogue dcgm;
    private final AmdQueries amd;

    AggregateQueries(QueryCatalogue dcgm, AmdQueries amd) {
        this.dcgm = dcgm;
        this.amd = amd;
    }

    AggregateQuery utilization(OutboxSession session, Duration range) {
        if (AmdLabels.isAmdDeviceId(session.gpuUuid())) {
            AmdField activity = AmdField.GFX_ACTIVITY;
            return new AggregateQuery(amd.sessionAverage(session.gpuUuid(), session.gpuInstanceId(), range),
                    activity.metrics().get(0), Double.parseDouble(activity.ceiling()), activity.toModelUnit(1));
        }
        DcgmField field = session.slice() ? DcgmField.GR_ENGINE_ACTIVE : DcgmField.GPU_UTIL;
        double fullScale = session.slice() ? 1 : 100;
        return new AggregateQuery(dcgm.sessionAverage(field, session.gpuUuid(), session.gpuInstanceId(), range),
                field.metric(), fullScale, 100 / fullScale);
    }

    /** A whole GPU's: slices share their GPU's counter. */
    AggregateQuery energy(OutboxSession session, Duration range) {
        double mostJoules = range.toMillis() / 1000.0 * MAX_PLAUSIBLE_WATTS;
        if (AmdLabels.isAmdDeviceId(session.gpuUuid())) {
            double toJoules = AmdField.ENERGY.toModelUnit(1);
            return new AggregateQuery(amd.sessionEnergy(session.gpuUuid(), range), AmdField.ENERGY.metrics().get(0),
                    mostJoules / toJoules, toJoules);
        }
        double toJoules = DcgmField.TOTAL_ENERGY.toModelUnit(1);
        return new AggregateQuery(dcgm.sessionEnergy(session.gpuUuid(), range), DcgmField.TOTAL_ENERGY.metric(),
                mostJoules / toJoules, toJoules);
    }
}
