package org.aitelemetry.site.chart;

import static org.aitelemetry.site.chart.Promql.clusterMatcher;
import static org.aitelemetry.site.chart.Promql.eitherLabel;
import static org.aitelemetry.site.chart.Promql.plausible;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.aitelemetry.prometheus.PromqlString;
import org.aitelemetry.prometheus.amd.AmdField;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.prometheus.dcgm.DcgmLabel;
import org.aitelemetry.prometheus.kube.KubeLabel;
import org.aitelemetry.prometheus.kube.KubeStateMetric;
import org.aitelemetry.site.chart.ChartTarget.Cluster;
import org.aitelemetry.site.chart.ChartTarget.Device;
import org.aitelemetry.site.chart.ChartTarget.Fleet;
import org.aitelemetry.site.chart.ChartTarget.Project;

/**
 * The fixed set of charts the pages draw (architecture.md: no PromQL from browsers). Each names its subject, and renders
 * its PromQL from the resolved subject only. Metric names and units as in contracts.md §5. Fleet, cluster and project
 * lines take NVIDIA and AMD GPUs together; an AMD GPU's own charts read AMD's fields ({@link AmdDeviceCharts}).
 */
public enum ChartName {

    FLEET_UTILIZATION("fleet-utilization", ChartSubject.FLEET, "GPU utilization by cluster", "%") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            return perCluster((Fleet) target, cluster -> "avg" + utilizationPerGpu(cluster));
        }
    },
    FLEET_POWER("fleet-power", ChartSubject.FLEET, "GPU power by cluster", "W") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            return perCluster((Fleet) target, cluster -> "sum" + powerPerGpu(cluster));
        }
    },
    CLUSTER_UTILIZATION("cluster-utilization", ChartSubject.CLUSTER, "GPU utilization", "%") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Cluster cluster = (Cluster) target;
            return List.of(new SeriesQuery("average", cluster, "avg" + utilizationPerGpu(cluster)),
                    new SeriesQuery("busiest", cluster, "max" + utilizationPerGpu(cluster)));
        }
    },
    CLUSTER_POWER("cluster-power", ChartSubject.CLUSTER, "GPU power", "W") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Cluster cluster = (Cluster) target;
            return List.of(new SeriesQuery("total", cluster, "sum" + powerPerGpu(cluster)));
        }
    },
    DEVICE_UTILIZATION("device-utilization", ChartSubject.DEVICE, "Utilization", "%") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            if (device.amd()) {
                return AmdDeviceCharts.utilization(device);
            }
            // dcgm-exporter has no GPU_UTIL on MIG-enabled GPUs: their engines' activity stands in (contracts.md §5).
            String promql = device.migEnabled() ? "100 * avg" + ofDevice(DcgmField.GR_ENGINE_ACTIVE, device)
                    : "max" + ofDevice(DcgmField.GPU_UTIL, device);
            return List.of(new SeriesQuery("utilization", device.cluster(), promql));
        }
    },
    DEVICE_MEMORY("device-memory", ChartSubject.DEVICE, "Memory used", "MiB") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            if (device.amd()) {
                return AmdDeviceCharts.memory(device);
            }
            return List.of(new SeriesQuery("used", device.cluster(), "sum" + ofDevice(DcgmField.FB_USED, device)));
        }
    },
    DEVICE_POWER("device-power", ChartSubject.DEVICE, "Power", "W") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            if (device.amd()) {
                return AmdDeviceCharts.power(device);
            }
            return List.of(new SeriesQuery("power", device.cluster(), "max" + ofDevice(DcgmField.POWER_USAGE, device)));
        }
    },
    DEVICE_TEMPERATURE("device-temperature", ChartSubject.DEVICE, "Temperature", "°C") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            if (device.amd()) {
                return AmdDeviceCharts.temperature(device);
            }
            return List.of(new SeriesQuery("GPU", device.cluster(), "max" + ofDevice(DcgmField.GPU_TEMP, device)),
                    new SeriesQuery("memory", device.cluster(), "max" + ofDevice(DcgmField.MEMORY_TEMP, device)));
        }
    },
    DEVICE_ENERGY("device-energy", ChartSubject.DEVICE, "Energy per interval", "Wh") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            if (device.amd()) {
                return AmdDeviceCharts.energy(device, step);
            }
            DcgmField energy = DcgmField.TOTAL_ENERGY;
            // A range function must wrap each selector; the counter is in mJ and 1 Wh = 3.6e6 mJ.
            String increases = eitherLabel(energy.metric(), clusterMatcher(device.cluster()), device.uuid(),
                    selector -> plausible(energy, "increase(" + selector + "[" + Promql.seconds(step) + "])"),
                    UUID_LABELS);
            return List.of(new SeriesQuery("energy", device.cluster(), "max" + increases + " / 3.6e6"));
        }
    },
    PROJECT_UTILIZATION("project-utilization", ChartSubject.PROJECT, "Utilization of the project's GPUs", "%") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Project project = (Project) target;
            return List.of(new SeriesQuery("average", project.cluster(),
                    "avg" + utilizationOf(project)));
        }
    },
    PROJECT_GPUS("project-gpus", ChartSubject.PROJECT, "GPUs allocated and busy", "GPUs") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Project project = (Project) target;
            String requests = eitherLabel(KubeStateMetric.POD_CONTAINER_RESOURCE_REQUESTS,
                    clusterMatcher(project.cluster()) + ", " + KubeLabel.RESOURCE + "=~"
                            + PromqlString.literal(KubeLabel.GPU_RESOURCE + "|" + KubeLabel.AMD_GPU_RESOURCE),
                    project.namespace(),
                    UnaryOperator.identity(), NAMESPACE_LABELS);
            return List.of(new SeriesQuery("allocated", project.cluster(), "sum" + requests),
                    new SeriesQuery("busy (≥ 5 %)", project.cluster(),
                            "count(" + utilizationOf(project) + " >= 5)"));
        }
    },
    PROJECT_POWER("project-power", ChartSubject.PROJECT, "Power of the project's GPUs", "W") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Project project = (Project) target;
            return List.of(new SeriesQuery("power", project.cluster(),
                    "sum(" + ofProject(DcgmField.POWER_USAGE, project) + " or "
                            + AmdPromql.ofProject(AmdField.POWER, project, ", " + AmdPromql.BOARD) + ")"));
        }
    };

    private static final String[] UUID_LABELS = {DcgmLabel.UUID, DcgmLabel.UUID_LOWERCASE};
    private static final String[] NAMESPACE_LABELS = {KubeLabel.NAMESPACE, KubeLabel.EXPORTED_NAMESPACE};

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

    /**
     * One series per GPU of a cluster, NVIDIA's and AMD's: AMD's series differ from DCGM's in their labels, so
     * {@code or} keeps both.
     */
    private static String utilizationPerGpu(Cluster cluster) {
        return "(" + ofCluster(DcgmField.GPU_UTIL, cluster) + " or " + AmdPromql.activityPerGpu(cluster) + ")";
    }

    /** Each board's power, NVIDIA's and AMD's (of partition 0 where an AMD GPU is partitioned). */
    private static String powerPerGpu(Cluster cluster) {
        return "(" + ofCluster(DcgmField.POWER_USAGE, cluster) + " or "
                + AmdPromql.valid(AmdField.POWER, clusterMatcher(cluster) + ", " + AmdPromql.BOARD) + ")";
    }

    /** The activity of what a project holds: NVIDIA GPUs, AMD GPUs and AMD partitions. */
    private static String utilizationOf(Project project) {
        return "(" + ofProject(DcgmField.GPU_UTIL, project) + " or "
                + AmdPromql.ofProject(AmdField.GFX_ACTIVITY, project, "") + ")";
    }

    private static String ofCluster(DcgmField field, Cluster cluster) {
        return "(" + plausible(field, field.metric() + "{" + clusterMatcher(cluster) + "}") + ")";
    }

    private static String ofDevice(DcgmField field, Device device) {
        return eitherLabel(field.metric(), clusterMatcher(device.cluster()), device.uuid(),
                selector -> plausible(field, selector), UUID_LABELS);
    }

    private static String ofProject(DcgmField field, Project project) {
        return eitherLabel(field.metric(), clusterMatcher(project.cluster()), project.namespace(),
                selector -> plausible(field, selector), NAMESPACE_LABELS);
    }

    private static List<SeriesQuery> perCluster(Fleet fleet, Function<Cluster, String> promql) {
        return fleet.clusters().stream().map(cluster -> new SeriesQuery(cluster.name(), cluster, promql.apply(cluster)))
                .toList();
    }
}
