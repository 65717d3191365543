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
            return perCluster((Fleet) target, cluster -> "avg" + ofCluster(DcgmReading.GPU_UTIL, cluster));
        }
    },
    FLEET_POWER("fleet-power", ChartSubject.FLEET, "GPU power by cluster", "W") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            return perCluster((Fleet) target, cluster -> "sum" + ofCluster(DcgmReading.POWER, cluster));
        }
    },
    CLUSTER_UTILIZATION("cluster-utilization", ChartSubject.CLUSTER, "GPU utilization", "%") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Cluster cluster = (Cluster) target;
            return List.of(new SeriesQuery("average", cluster, "avg" + ofCluster(DcgmReading.GPU_UTIL, cluster)),
                    new SeriesQuery("busiest", cluster, "max" + ofCluster(DcgmReading.GPU_UTIL, cluster)));
        }
    },
    CLUSTER_POWER("cluster-power", ChartSubject.CLUSTER, "GPU power", "W") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Cluster cluster = (Cluster) target;
            return List.of(new SeriesQuery("total", cluster, "sum" + ofCluster(DcgmReading.POWER, cluster)));
        }
    },
    DEVICE_UTILIZATION("device-utilization", ChartSubject.DEVICE, "Utilization", "%") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            // dcgm-exporter has no GPU_UTIL on MIG-enabled GPUs: their engines' activity stands in (contracts.md §5).
            String promql = device.migEnabled() ? "100 * avg" + ofDevice(DcgmReading.GR_ENGINE_ACTIVE, device)
                    : "max" + ofDevice(DcgmReading.GPU_UTIL, device);
            return List.of(new SeriesQuery("utilization", device.cluster(), promql));
        }
    },
    DEVICE_MEMORY("device-memory", ChartSubject.DEVICE, "Memory used", "MiB") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            return List.of(new SeriesQuery("used", device.cluster(), "sum" + ofDevice(DcgmReading.FB_USED, device)));
        }
    },
    DEVICE_POWER("device-power", ChartSubject.DEVICE, "Power", "W") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            return List.of(new SeriesQuery("power", device.cluster(), "max" + ofDevice(DcgmReading.POWER, device)));
        }
    },
    DEVICE_TEMPERATURE("device-temperature", ChartSubject.DEVICE, "Temperature", "°C") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            return List.of(new SeriesQuery("GPU", device.cluster(), "max" + ofDevice(DcgmReading.GPU_TEMP, device)),
                    new SeriesQuery("memory", device.cluster(), "max" + ofDevice(DcgmReading.MEMORY_TEMP, device)));
        }
    },
    DEVICE_ENERGY("device-energy", ChartSubject.DEVICE, "Energy per interval", "Wh") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Device device = (Device) target;
            DcgmReading energy = DcgmReading.TOTAL_ENERGY;
            // A range function must wrap each selector; the counter is in mJ and 1 Wh = 3.6e6 mJ.
            String increases = eitherLabel(energy.metric(), clusterMatcher(device.cluster()), device.uuid(),
                    selector -> energy.plausible("increase(" + selector + "[" + Promql.seconds(step) + "])"),
                    UUID_LABELS);
            return List.of(new SeriesQuery("energy", device.cluster(), "max" + increases + " / 3.6e6"));
        }
    },
    PROJECT_UTILIZATION("project-utilization", ChartSubject.PROJECT, "Utilization of the project's GPUs", "%") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Project project = (Project) target;
            return List.of(new SeriesQuery("average", project.cluster(),
                    "avg" + ofProject(DcgmReading.GPU_UTIL, project)));
        }
    },
    PROJECT_GPUS("project-gpus", ChartSubject.PROJECT, "GPUs allocated and busy", "GPUs") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Project project = (Project) target;
            String requests = eitherLabel("kube_pod_container_resource_requests",
                    clusterMatcher(project.cluster()) + ", resource=\"nvidia_com_gpu\"", project.namespace(),
                    UnaryOperator.identity(), NAMESPACE_LABELS);
            return List.of(new SeriesQuery("allocated", project.cluster(), "sum" + requests),
                    new SeriesQuery("busy (≥ 5 %)", project.cluster(),
                            "count(" + ofProject(DcgmReading.GPU_UTIL, project) + " >= 5)"));
        }
    },
    PROJECT_POWER("project-power", ChartSubject.PROJECT, "Power of the project's GPUs", "W") {
        @Override
        List<SeriesQuery> queries(ChartTarget target, Duration step) {
            Project project = (Project) target;
            return List.of(new SeriesQuery("power", project.cluster(), "sum" + ofProject(DcgmReading.POWER, project)));
        }
    };

    private static final String[] UUID_LABELS = {"UUID", "uuid"};
    private static final String[] NAMESPACE_LABELS = {"namespace", "exported_namespace"};

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

    private static String ofCluster(DcgmReading reading, Cluster cluster) {
        return "(" + reading.plausible(reading.metric() + "{" + clusterMatcher(cluster) + "}") + ")";
    }

    private static String ofDevice(DcgmReading reading, Device device) {
        return eitherLabel(reading.metric(), clusterMatcher(device.cluster()), device.uuid(), reading::plausible,
                UUID_LABELS);
    }

    private static String ofProject(DcgmReading reading, Project project) {
        return eitherLabel(reading.metric(), clusterMatcher(project.cluster()), project.namespace(),
                reading::plausible, NAMESPACE_LABELS);
    }

    private static List<SeriesQuery> perCluster(Fleet fleet, Function<Cluster, String> promql) {
        return fleet.clusters().stream().map(cluster -> new SeriesQuery(cluster.name(), cluster, promql.apply(cluster)))
                .toList();
    }
}
