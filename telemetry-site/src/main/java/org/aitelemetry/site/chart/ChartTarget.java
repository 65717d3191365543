package org.aitelemetry.site.chart;

import java.util.List;

/** A chart's subject as resolved in PostgreSQL, with what the queries need to select its series. */
public sealed interface ChartTarget {

    /**
     * A cluster and the metric source the fleet sync found it in; {@code sourceDefault} when the source names the
     * cluster as its own (its series may then carry no {@code cluster} label).
     */
    record Cluster(long id, String name, String source, boolean sourceDefault) implements ChartTarget {
    }

    record Fleet(List<Cluster> clusters) implements ChartTarget {
    }

    /** A GPU; {@code amd} for one of AMD's ({@code AMD-<board serial>}), whose partitions make it {@code migEnabled}. */
    record Device(String uuid, Cluster cluster, boolean migEnabled, boolean amd) implements ChartTarget {
    }

    record Project(long id, String namespace, Cluster cluster) implements ChartTarget {
    }
}
