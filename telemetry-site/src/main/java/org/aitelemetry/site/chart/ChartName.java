package org.aitelemetry.site.chart;

import static org.aitelemetry.site.chart.Promql.clusterMatcher;
import static org.aitelemetry.site.chart.Promql.eitherLabel;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.aitelemetry.site.chart.ChartTarget.Cluster;
import org.aitelemetry.site.chart.ChartTarget.Device;
import org.aitelemetry.site.chart.ChartTarget.Fleet;
import org.aitelemetry.site.chart.ChartTarget.Project;

/**
 * The fixed set of charts the pages draw (architecture.md: no PromQL from browsers). Each names its subject, and renders
 * its PromQL from the resolved subject only. Metric names and units as in contracts.md §5.
 */
public enum ChartName {

    FLEET_UTILIZATION("fleet-utilization", ChartSubject.FLEET, "GPU utilization by cluster", "%") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            return perCluster((Fleet) target, cluster -> "avg(" + gpuUtil(clusterMatcher(cluster)) + ")");
        }
    },
    FLEET_POWER("fleet-power", ChartSubject.FLEET, "GPU power by cluster", "W") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            return perCluster((Fleet) target,
                    cluster -> "sum(DCGM_FI_DEV_POWER_USAGE{" + clusterMatcher(cluster) + "})");
        }
    },
    CLUSTER_UTILIZATION("cluster-utilization", ChartSubject.CLUSTER, "GPU utilization", "%") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Cluster cluster = (Cluster) target;
            return List.of(new SeriesQuery("average", cluster, "avg(" + gpuUtil(clusterMatcher(cluster)) + ")"),
                    new SeriesQuery("busiest", cluster, "max(" + gpuUtil(clusterMatcher(cluster)) + ")"));
        }
    },
    CLUSTER_POWER("cluster-power", ChartSubject.CLUSTER, "GPU power", "W") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Cluster cluster = (Cluster) target;
            return List.of(new SeriesQuery("total", cluster,
                    "sum(DCGM_FI_DEV_POWER_USAGE{" + clusterMatcher(cluster) + "})"));
        }
    },
    DEVICE_UTILIZATION("device-utilization", ChartSubject.DEVICE, "Utilization", "%") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            // dcgm-exporter has no GPU_UTIL on MIG-enabled GPUs: their engines' activity stands in (contracts.md §5).
            String promql = device.migEnabled()
                    ? "100 * avg" + ofDevice("DCGM_FI_PROF_GR_ENGINE_ACTIVE", device)
                    : "max" + ofDevice("DCGM_FI_DEV_GPU_UTIL", device);
            return List.of(new SeriesQuery("utilization", device.cluster(), promql));
        }
    },
    DEVICE_MEMORY("device-memory", ChartSubject.DEVICE, "Memory used", "MiB") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            return single((Device) target, "used", "DCGM_FI_DEV_FB_USED", "sum");
        }
    },
    DEVICE_POWER("device-power", ChartSubject.DEVICE, "Power", "W") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            return single((Device) target, "power", "DCGM_FI_DEV_POWER_USAGE", "max");
        }
    },
    DEVICE_TEMPERATURE("device-temperature", ChartSubject.DEVICE, "Temperature", "°C") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            return List.of(new SeriesQuery("GPU", device.cluster(), "max" + ofDevice("DCGM_FI_DEV_GPU_TEMP", device)),
                    new SeriesQuery("memory", device.cluster(),
                            "max" + ofDevice("DCGM_FI_DEV_MEMORY_TEMP", device)));
        }
    },
    DEVICE_ENERGY("device-energy", ChartSubject.DEVICE, "Energy per interval", "Wh") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            // The counter is in millijoules; 1 Wh = 3.6e6 mJ.
            String promql = "max" + eitherLabel("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", clusterMatcher(device.cluster()),
                    device.uuid(), selector -> "increase(" + selector + "[" + Promql.seconds(step) + "])", "UUID",
                    "uuid") + " / 3.6e6";
            return List.of(new SeriesQuery("energy", device.cluster(), promql));
        }
    },
    PROJECT_UTILIZATION("project-utilization", ChartSubject.PROJECT, "Utilization of the project's GPUs", "%") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Project project = (Project) target;
            return List.of(new SeriesQuery("average", project.cluster(),
                    "avg" + ofProject("DCGM_FI_DEV_GPU_UTIL", project, "")));
        }
    },
    PROJECT_GPUS("project-gpus", ChartSubject.PROJECT, "GPUs allocated and busy", "GPUs") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Project project = (Project) target;
            return List.of(new SeriesQuery("allocated", project.cluster(), "sum" + ofProject(
                            "kube_pod_container_resource_requests", project, ", resource=\"nvidia_com_gpu\"")),
                    new SeriesQuery("busy (≥ 5 %)", project.cluster(),
                            "count(" + ofProject("DCGM_FI_DEV_GPU_UTIL", project, "") + " >= 5)"));
        }
    },
    PROJECT_POWER("project-power", ChartSubject.PROJECT, "Power of the project's GPUs", "W") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Project project = (Project) target;
            return List.of(new SeriesQuery("power", project.cluster(),
                    "sum" + ofProject("DCGM_FI_DEV_POWER_USAGE", project, "")));
        }
    };

    private final String id;
    private final ChartSubject subject;
    private final String title;
    private final String unit;

    ChartName(String id, ChartSubject subject, String title, String unit) {
        this.id = id;
        this.subject = subject;
        this.title = title;
        this.unit = unit;
    }

    /** The lines of the chart for a resolved subject of this chart's kind. */
    abstract List<SeriesQuery> queries(ChartTarget target, Duration step);

    public String id() {
        return id;
    }

    public ChartSubject subject() {
        return subject;
    }

    public String title() {
        return title;
    }

    public String unit() {
        return unit;
    }

    public static Optional<ChartName> byId(String id) {
        return Arrays.stream(values()).filter(chart -> chart.id.equals(id)).findFirst();
    }

    private static String gpuUtil(String matchers) {
        return "DCGM_FI_DEV_GPU_UTIL{" + matchers + "}";
    }

    private static String ofDevice(String metric, Device device) {
        return eitherLabel(metric, clusterMatcher(device.cluster()), device.uuid(), UnaryOperator.identity(), "UUID",
                "uuid");
    }

    private static String ofProject(String metric, Project project, String moreMatchers) {
        return eitherLabel(metric, clusterMatcher(project.cluster()) + moreMatchers, project.namespace(),
                UnaryOperator.identity(), "namespace", "exported_namespace");
    }

    private static List<SeriesQuery> single(Device device, String legend, String metric, String aggregation) {
        return List.of(new SeriesQuery(legend, device.cluster(), aggregation + ofDevice(metric, device)));
    }

    private static List<SeriesQuery> perCluster(Fleet fleet, Function<Cluster, String> promql) {
        return fleet.clusters().stream().map(cluster -> new SeriesQuery(cluster.name(), cluster, promql.apply(cluster)))
                .toList();
    }
}
