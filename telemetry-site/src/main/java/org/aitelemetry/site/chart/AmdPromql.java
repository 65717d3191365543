package org.aitelemetry.site.chart;

import static org.aitelemetry.prometheus.PromqlString.literal;

import java.time.Duration;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.aitelemetry.prometheus.amd.AmdField;
import org.aitelemetry.prometheus.amd.AmdLabel;
import org.aitelemetry.prometheus.amd.AmdLabels;
import org.aitelemetry.prometheus.kube.KubeLabel;

/**
 * Selectors of AMD's device-metrics-exporter for the charts (contracts.md §5), beside {@link Promql}'s DCGM ones and
 * built the same way, from resolved values only. A field is asked for under every name it goes by
 * ({@link AmdField#metrics()}: bare or {@code amd_}-prefixed, MI2xx or MI3xx spelling), joined by {@code or}: series of
 * one GPU under two names carry the same labels, so the preferred name wins. Values above the field's ceiling or below
 * zero (older exporters' sentinels, NaN) are dropped per series, as {@link Promql#plausible} does for DCGM.
 *
 * <p>AMD series never carry DCGM's {@code UUID}/{@code gpu} labels, so {@code dcgm or amd} keeps both vendors' series.
 */
final class AmdPromql {

    /**
     * The series of a board's physical readings (power, temperatures, energy): partition 0 of a partitioned GPU, or a
     * GPU shown whole (partition 0, none, or {@code NA}); the other partitions repeat or lack them.
     */
    static final String BOARD = AmdLabel.PARTITION_ID + "!~" + literal("[1-9][0-9]*");

    private AmdPromql() {
    }

    /** {@code (metric{matchers} <= ceiling >= 0) or …} over every name of the field. */
    static String valid(AmdField field, String matchers) {
        return anyName(field, selector -> selector, matchers);
    }

    /** As {@link #valid}, of each series' increase over the step (a range function must wrap each selector). */
    static String validIncrease(AmdField field, String matchers, Duration step) {
        return anyName(field, selector -> "increase(" + selector + "[" + Promql.seconds(step) + "])", matchers);
    }

    /** Matchers of one GPU's series: its cluster's and its board serial, the GPU's id without {@code AMD-}. */
    static String ofDevice(ChartTarget.Device device) {
        String serial = device.uuid().substring(AmdLabels.DEVICE_ID_PREFIX.length());
        return Promql.clusterMatcher(device.cluster()) + ", " + AmdLabel.SERIAL_NUMBER + "=" + literal(serial);
    }

    /** Each GPU of a cluster as one series: the average activity of its partitions (of the whole GPU in SPX). */
    static String activityPerGpu(ChartTarget.Cluster cluster) {
        return "avg by (" + KubeLabel.CLUSTER + ", " + AmdLabel.SERIAL_NUMBER + ") ("
                + valid(AmdField.GFX_ACTIVITY, Promql.clusterMatcher(cluster)) + ")";
    }

    /** A field's series held by a namespace, in either spelling of the namespace label. */
    static String ofProject(AmdField field, ChartTarget.Project project, String matchers) {
        String cluster = Promql.clusterMatcher(project.cluster()) + matchers;
        return "(" + valid(field, cluster + ", " + KubeLabel.NAMESPACE + "=" + literal(project.namespace())) + " or "
                + valid(field, cluster + ", " + KubeLabel.EXPORTED_NAMESPACE + "=" + literal(project.namespace()))
                + ")";
    }

    private static String anyName(AmdField field, UnaryOperator<String> wrap, String matchers) {
        return field.metrics().stream()
                .map(metric -> "(" + wrap.apply(metric + "{" + matchers + "}") + " <= " + field.ceiling() + " >= 0)")
                .collect(Collectors.joining(" or "));
    }
}
