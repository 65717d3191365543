package org.aitelemetry.site.chart;

/** One line of a chart: its legend, the cluster whose source answers it, and the PromQL. */
record SeriesQuery(String legend, ChartTarget.Cluster cluster, String promql) {
}
