package org.aitelemetry.worker.sync;

import java.util.Map;
import java.util.Set;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.StreamedAnswer;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.kube.LabelVariants;

/** A cycle's reading table built the way the reader builds it: each field's series through its sink, then the answer. */
final class DcgmReadingsFixture {

    private DcgmReadingsFixture() {
    }

    static DcgmReadings of(String defaultCluster, Map<DcgmField, QueryResult> answers) {
        LabelVariants labels = new LabelVariants(defaultCluster);
        DcgmLabels dcgm = new DcgmLabels(Set.of("nvidia-dcgm-exporter"));
        DcgmReadings readings = new DcgmReadings();
        answers.forEach((field, result) -> {
            DcgmReadings.FieldSink sink = new DcgmReadings.FieldSink(field, labels, dcgm);
            result.series().forEach(sink::accept);
            readings.add(new StreamedAnswer<>(sink, result.resultType(), result.series().size(), result.warnings()));
        });
        return readings;
    }
}
