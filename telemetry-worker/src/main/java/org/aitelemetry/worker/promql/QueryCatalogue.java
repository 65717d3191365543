package org.aitelemetry.worker.promql;

import static org.aitelemetry.prometheus.dcgm.DcgmLabel.DEVICE;
import static org.aitelemetry.prometheus.dcgm.DcgmLabel.DRIVER_VERSION;
import static org.aitelemetry.prometheus.dcgm.DcgmLabel.GPU_INDEX;
import static org.aitelemetry.prometheus.dcgm.DcgmLabel.GPU_INSTANCE_ID;
import static org.aitelemetry.prometheus.dcgm.DcgmLabel.GPU_INSTANCE_PROFILE;
import static org.aitelemetry.prometheus.dcgm.DcgmLabel.HOSTNAME;
import static org.aitelemetry.prometheus.dcgm.DcgmLabel.HOSTNAME_LOWERCASE;
import static org.aitelemetry.prometheus.dcgm.DcgmLabel.MODEL_NAME;
import static org.aitelemetry.prometheus.dcgm.DcgmLabel.PCI_BUS_ID;
import static org.aitelemetry.prometheus.dcgm.DcgmLabel.UUID;
import static org.aitelemetry.prometheus.dcgm.DcgmLabel.UUID_LOWERCASE;
import static org.aitelemetry.prometheus.kube.KubeLabel.AMD_GPU_PRODUCT;
import static org.aitelemetry.prometheus.kube.KubeLabel.AMD_GPU_RESOURCE;
import static org.aitelemetry.prometheus.kube.KubeLabel.AMD_PARTITION_RESOURCES;
import static org.aitelemetry.prometheus.kube.KubeLabel.CLUSTER;
import static org.aitelemetry.prometheus.kube.KubeLabel.CONTAINER;
import static org.aitelemetry.prometheus.kube.KubeLabel.CUDA_DRIVER_MAJOR;
import static org.aitelemetry.prometheus.kube.KubeLabel.CUDA_DRIVER_MINOR;
import static org.aitelemetry.prometheus.kube.KubeLabel.CUDA_RUNTIME_MAJOR;
import static org.aitelemetry.prometheus.kube.KubeLabel.CUDA_RUNTIME_MINOR;
import static org.aitelemetry.prometheus.kube.KubeLabel.EXPORTED_CONTAINER;
import static org.aitelemetry.prometheus.kube.KubeLabel.EXPORTED_NAMESPACE;
import static org.aitelemetry.prometheus.kube.KubeLabel.EXPORTED_POD;
import static org.aitelemetry.prometheus.kube.KubeLabel.GPU_PRODUCT;
import static org.aitelemetry.prometheus.kube.KubeLabel.GPU_RESOURCE;
import static org.aitelemetry.prometheus.kube.KubeLabel.KERNEL_VERSION;
import static org.aitelemetry.prometheus.kube.KubeLabel.MIG_RESOURCE_PREFIX;
import static org.aitelemetry.prometheus.kube.KubeLabel.NAMESPACE;
import static org.aitelemetry.prometheus.kube.KubeLabel.NODE;
import static org.aitelemetry.prometheus.kube.KubeLabel.OS_IMAGE;
import static org.aitelemetry.prometheus.kube.KubeLabel.POD;
import static org.aitelemetry.prometheus.kube.KubeLabel.RESOURCE;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.SortedSet;
import org.aitelemetry.prometheus.PromqlString;
import org.aitelemetry.prometheus.dcgm.DcgmBlank;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.aitelemetry.prometheus.kube.AcmMetric;
import org.aitelemetry.prometheus.kube.KubeStateMetric;
import org.aitelemetry.prometheus.kube.KubeVirtMetric;
import org.aitelemetry.prometheus.kube.PassthroughResource;
import org.aitelemetry.worker.allocation.MetadataSource.Kind;
import org.aitelemetry.worker.allocation.ProjectMetadataMapping;
import org.aitelemetry.worker.config.WorkerConfig;

/**
 * Every PromQL query the worker sends, in one place (contracts.md §4–5).
 *
 * <p>Fleet sync: each query aggregates the whole fleet of a source, so a cycle costs the same number of queries for 10
 * or 10,000 GPUs. Label lists name both spellings the exporters use; readings use {@code last_over_time} over a
 * look-back window because ACM forwards one sample per five minutes.
 *
 * <p>Usage rollups: four range queries per source and hour (the fourth: GPUs held by VMs). Series are grouped by
 * device identity and by the pod labels in both spellings, so a series changes only when the holder does. DCGM blank
 * sentinels are dropped inside the query, before aggregation, where {@code max} would otherwise pick a sentinel over a
 * reading: each field is kept below the lowest blank of its DCGM type ({@code dcgm_structs.h}: int32 from 0x7ffffff0,
 * double from 2^47, int64 from 0x7ffffffffffffff0).
 *
 * <p>Aggregates at close of a usage session: instant queries evaluated at the session's end over its duration, for one
 * GPU or MIG instance in either UUID spelling. Range functions cannot drop blanks sample by sample, so callers reject
 * results outside the field's range instead.
 *
 * <p>Every DCGM and kube-state-metrics selector names the configured exporter ({@link ExporterSelector}): a series of
 * the same name from another scrape job (a tenant's ServiceMonitor) is never read. Built at start, so a selector value
 * that is refused stops the start with the property's name.
 */
@Startup
@ApplicationScoped
public class QueryCatalogue {

    /** Labels that identify a GPU, a MIG instance and the pod using it, in every variant. */
    private static final String DEVICE_IDENTITY = labels(CLUSTER, HOSTNAME, HOSTNAME_LOWERCASE, UUID, UUID_LOWERCASE,
            GPU_INDEX, PCI_BUS_ID, DEVICE, MODEL_NAME, DRIVER_VERSION, GPU_INSTANCE_ID, GPU_INSTANCE_PROFILE, NAMESPACE,
            POD, CONTAINER, EXPORTED_NAMESPACE, EXPORTED_POD, EXPORTED_CONTAINER);
    private static final String READING_KEY = labels(CLUSTER, UUID, UUID_LOWERCASE, GPU_INSTANCE_ID);
    private static final String PROJECT_KEY = labels(CLUSTER, NAMESPACE, EXPORTED_NAMESPACE);
    private static final String NODE_LABELS = labels(CLUSTER, NODE, GPU_PRODUCT, CUDA_DRIVER_MAJOR, CUDA_DRIVER_MINOR,
            CUDA_RUNTIME_MAJOR, CUDA_RUNTIME_MINOR, AMD_GPU_PRODUCT);
    private static final String GPU_KEY = labels(UUID, UUID_LOWERCASE);
    private static final String WHOLE_GPU_RESOURCES = GPU_RESOURCE + "|" + AMD_GPU_RESOURCE;
    private static final String HOLDER =
            labels(NAMESPACE, POD, CONTAINER, EXPORTED_NAMESPACE, EXPORTED_POD, EXPORTED_CONTAINER);
    private static final String WHOLE_GPU = GPU_INSTANCE_ID + "=\"\"";
    private static final String ANY_DCGM_FIELD = "__name__=~\"DCGM_FI_.+\"";
    private static final String MIG_INSTANCE = GPU_INSTANCE_ID + "!=\"\"";
    private static final String LAUNCHER_POD = labels(PROJECT_KEY, POD, EXPORTED_POD);
    private static final String VMI = labels(PROJECT_KEY, KubeVirtMetric.NAME, NODE, KubeVirtMetric.PHASE,
            KubeVirtMetric.VMI_POD, KubeVirtMetric.GUEST_OS_NAME, KubeVirtMetric.GUEST_OS_VERSION,
            KubeVirtMetric.INSTANCE_TYPE);
    /** Every NVIDIA resource but the container ones: the whole GPUs a device plugin passes through to VMs. */
    private static final String[] PASSTHROUGH_GPUS = {
            RESOURCE + "=~" + PromqlString.literal(PassthroughResource.labelPattern()),
            RESOURCE + "!~" + PromqlString.literal(GPU_RESOURCE + "|" + MIG_RESOURCE_PREFIX + ".+"),
            NODE + "!=\"\""};

    private final String window;
    private final ExporterSelector dcgm;
    private final ExporterSelector kube;
    private final ProjectMetadataMapping metadata;
    private final ExporterSelector acm;
    private final ExporterSelector kubevirt;
    private final AmdQueries amd;

    QueryCatalogue(WorkerConfig config, ProjectMetadataMapping metadata, AmdQueries amd) {
        this.metadata = metadata;
        this.amd = amd;
        this.window = "[" + config.sync().lookback().toSeconds() + "s]";
        this.dcgm = ExporterSelector.of("telemetry.exporters.dcgm", config.exporters().dcgm());
        this.kube = ExporterSelector.of("telemetry.exporters.kube-state-metrics",
                config.exporters().kubeStateMetrics());
        this.acm = ExporterSelector.of("telemetry.exporters.acm", config.exporters().acm());
        this.kubevirt = ExporterSelector.of("telemetry.exporters.kubevirt", config.exporters().kubevirt());
    }

    /** The queries of AMD's exporter. */
    public AmdQueries amd() {
        return amd;
    }

    /** One series per GPU (or MIG instance) with its identity labels; the value is the free framebuffer in MiB. */
    public String inventory() {
        return "max by (" + DEVICE_IDENTITY + ") (last_over_time(" + dcgm.select(DcgmField.FB_FREE_METRIC) + window
                + "))";
    }

    /**
     * Every GPU and MIG instance that publishes any DCGM field, identity labels only: finds the GPUs of an exporter whose
     * counter list lacks {@code DCGM_FI_DEV_FB_FREE}. An instant selector, not a range function: those drop the metric
     * name, and series of different fields would then collide. Sent only when the inventory falls short.
     */
    public String identities() {
        return "group by (" + DEVICE_IDENTITY + ") (" + dcgm.select("", ANY_DCGM_FIELD) + ")";
    }

    /** DCGM series per scrape job and namespace, whichever: says why a source with DCGM series yielded no GPU. */
    public String dcgmSeriesByJob() {
        return "count by (job, namespace) ({" + ANY_DCGM_FIELD + "})";
    }

    /** The exporter's selector as a person reads it, for messages. */
    public String dcgmExporter() {
        return dcgm.matchers();
    }

    /**
     * Latest value of a DCGM field per GPU and MIG instance, only where the sync stores it: utilization is a whole GPU's
     * figure and engine activity a MIG instance's. The rest of those two answers (at 10,000 GPUs, one series in eight
     * of a cycle) would be read, encoded and parsed only to be dropped.
     */
    public String reading(DcgmField field) {
        String[] storedFor = switch (field) {
            case GPU_UTIL -> new String[] {WHOLE_GPU};
            case GR_ENGINE_ACTIVE -> new String[] {MIG_INSTANCE};
            default -> new String[0];
        };
        return "max by (" + READING_KEY + ") (last_over_time(" + dcgm.select(field.metric(), storedFor) + window
                + "))";
    }

    /** Nodes that NVIDIA's or AMD's feature discovery labels with a GPU product. */
    public String nodeLabels() {
        return "max by (" + NODE_LABELS + ") (last_over_time("
                + kube.select(KubeStateMetric.NODE_LABELS, GPU_PRODUCT + "!=\"\"") + window + ")) or max by ("
                + NODE_LABELS + ") (last_over_time("
                + kube.select(KubeStateMetric.NODE_LABELS, AMD_GPU_PRODUCT + "!=\"\"") + window + "))";
    }

    public String nodeGpuCapacity() {
        return "max by (" + labels(CLUSTER, NODE) + ") (last_over_time(" + kube.select(
                KubeStateMetric.NODE_STATUS_CAPACITY, RESOURCE + "=~" + PromqlString.literal(WHOLE_GPU_RESOURCES))
                + window + "))";
    }

    public String nodeInfo() {
        return "max by (" + labels(CLUSTER, NODE, KERNEL_VERSION, OS_IMAGE) + ") (last_over_time("
                + kube.select(KubeStateMetric.NODE_INFO) + window + "))";
    }

    /**
     * GPUs, MIG slices and AMD partitions requested per namespace and resource ({@code nvidia_com_gpu},
     * {@code nvidia_com_mig_1g_10gb}, {@code amd_com_gpu}, {@code amd_com_cpx_nps4}, …).
     */
    public String allocations() {
        return "sum by (" + labels(PROJECT_KEY, RESOURCE) + ") (last_over_time("
                + kube.select(KubeStateMetric.POD_CONTAINER_RESOURCE_REQUESTS, RESOURCE + "=~" + PromqlString.literal(
                        WHOLE_GPU_RESOURCES + "|" + MIG_RESOURCE_PREFIX + ".+|" + AMD_PARTITION_RESOURCES))
                + window + "))";
    }

    /** Each namespace's annotations that a project field is read from, one series per namespace. */
    public String namespaceAnnotations() {
        return namespaceMetadata(KubeStateMetric.NAMESPACE_ANNOTATIONS, metadata.prometheusLabels(Kind.ANNOTATION));
    }

    /** Each namespace's labels that a project field is read from, one series per namespace. */
    public String namespaceLabels() {
        return namespaceMetadata(KubeStateMetric.NAMESPACE_LABELS, metadata.prometheusLabels(Kind.LABEL));
    }

    private String namespaceMetadata(String metric, SortedSet<String> fields) {
        String by = fields.isEmpty() ? PROJECT_KEY : PROJECT_KEY + ", " + String.join(", ", fields);
        return "group by (" + by + ") (last_over_time(" + kube.select(metric) + window + "))";
    }

    /**
     * The ACM hub's facts of each managed cluster it manages (vendor, cloud, version, availability, worker cores and
     * sockets), keyed by {@code managed_cluster_id}; one series each, every label kept.
     */
    public String managedClusterInfo() {
        return "last_over_time(" + acm.select(AcmMetric.MANAGED_CLUSTER_INFO) + window + ")";
    }

    /** The labels of each ManagedCluster, its name among them ({@code name}), keyed by {@code managed_cluster_id}. */
    public String managedClusterLabels() {
        return "last_over_time(" + acm.select(AcmMetric.MANAGED_CLUSTER_LABELS) + window + ")";
    }

    /**
     * GPUs passed through to VMs, per launcher pod, node and device resource: the requests of scheduled pods (a pod
     * not yet placed holds no device). Which pods are launcher pods is read from their names.
     */
    public String vmGpuRequests() {
        return "sum by (" + labels(LAUNCHER_POD, NODE, RESOURCE) + ") (last_over_time("
                + kube.select(KubeStateMetric.POD_CONTAINER_RESOURCE_REQUESTS, PASSTHROUGH_GPUS) + window + "))";
    }

    /** What KubeVirt says of each VM instance: name, node, phase, launcher pod, guest OS, instance type. */
    public String vmInstances() {
        return "max by (" + VMI + ") (last_over_time(" + kubevirt.select(KubeVirtMetric.VMI_INFO) + window + "))";
    }

    /** Containers that restarted in the last 15 minutes, per namespace. */
    public String restartingPods() {
        return "count by (" + PROJECT_KEY + ") (increase("
                + kube.select(KubeStateMetric.POD_CONTAINER_STATUS_RESTARTS_TOTAL) + "[15m]) > 0)";
    }

    /** Pods stuck terminating for more than five minutes, per namespace. */
    public String terminatingPods() {
        return "count by (" + PROJECT_KEY + ") ((time() - "
                + kube.select(KubeStateMetric.POD_DELETION_TIMESTAMP) + ") > 300)";
    }

    /** PersistentVolumeClaims more than 95 % full, per namespace. */
    public String fullVolumeClaims() {
        return "count by (" + PROJECT_KEY + ") ((kubelet_volume_stats_used_bytes / kubelet_volume_stats_capacity_bytes) > 0.95)";
    }

    /** Namespaces running vLLM (they export its request-latency histogram). */
    public String vllmNamespaces() {
        return "count by (" + PROJECT_KEY + ") (last_over_time(vllm:e2e_request_latency_seconds_count" + window + "))";
    }

    /** Utilization (%) of whole GPUs per holder, AMD's included; MIG GPUs and partitioned AMD GPUs have none. */
    public String gpuUtilization() {
        return "max by (" + labels(GPU_KEY, HOLDER) + ") ("
                + dcgm.select(DcgmField.GPU_UTIL.metric(), WHOLE_GPU) + DcgmBlank.BELOW_INT32_BLANK + ") or "
                + amd.gpuUtilization();
    }

    /** Graphics-engine activity (0–1) of MIG slices and AMD partitions per holder. */
    public String sliceActivity() {
        return "max by (" + labels(GPU_KEY, GPU_INSTANCE_ID, HOLDER) + ") ("
                + dcgm.select(DcgmField.GR_ENGINE_ACTIVE.metric(), MIG_INSTANCE) + DcgmBlank.BELOW_FP64_BLANK + ") or "
                + amd.partitionActivity();
    }

    /**
     * The energy counter (mJ) per GPU, whoever holds it: without pod labels it stays one series across pod changes,
     * and the copies a MIG GPU repeats on each instance collapse into one.
     */
    public String energy() {
        return "max by (" + GPU_KEY + ") (" + dcgm.select(DcgmField.TOTAL_ENERGY.metric()) + DcgmBlank.BELOW_INT64_BLANK
                + ") or " + amd.energy();
    }

    /**
     * GPUs passed through to VMs per launcher pod and device resource, as a range query reads them for the hour's
     * rollup: allocation-based usage, as no DCGM reading comes from inside a VM.
     */
    public String vmGpusHeld() {
        return "sum by (" + labels(LAUNCHER_POD, RESOURCE) + ") ("
                + kube.select(KubeStateMetric.POD_CONTAINER_RESOURCE_REQUESTS, PASSTHROUGH_GPUS) + ")";
    }

    /**
     * Average of a DCGM gauge over the {@code range} before the evaluation time, for one GPU ({@code gpuInstanceId}
     * null) or MIG instance: the sum of its raw samples over their count, so that when the holder's labels change
     * mid-range (a new series) every sample still weighs once.
     */
    public String sessionAverage(DcgmField field, String uuid, Integer gpuInstanceId, Duration range) {
        String instance = gpuInstanceId == null ? "" : String.valueOf(gpuInstanceId);
        return "sum(" + eitherUuid("sum_over_time", field, uuid, instance, range) + ") / sum("
                + eitherUuid("count_over_time", field, uuid, instance, range) + ")";
    }

    /** Increase of a whole GPU's energy counter (mJ) over the {@code range} before the evaluation time. */
    public String sessionEnergy(String uuid, Duration range) {
        return "sum(" + eitherUuid("increase", DcgmField.TOTAL_ENERGY, uuid, "", range) + ")";
    }

    private String eitherUuid(String function, DcgmField field, String uuid, String gpuInstanceId, Duration range) {
        String instance = GPU_INSTANCE_ID + "=" + PromqlString.literal(gpuInstanceId);
        String rest = "[" + range.toMillis() + "ms])";
        return function + "(" + dcgm.select(field.metric(), UUID + "=" + PromqlString.literal(uuid), instance) + rest
                + " or " + function + "("
                + dcgm.select(field.metric(), UUID_LOWERCASE + "=" + PromqlString.literal(uuid), instance) + rest;
    }

    /** A PromQL label list, as {@code by (…)} takes it. */
    private static String labels(String... names) {
        return String.join(", ", names);
    }
}
