package org.aitelemetry.worker.sync;

import static org.aitelemetry.prometheus.kube.KubeLabel.EXPORTED_POD;
import static org.aitelemetry.prometheus.kube.KubeLabel.NODE;
import static org.aitelemetry.prometheus.kube.KubeLabel.POD;
import static org.aitelemetry.prometheus.kube.KubeLabel.RESOURCE;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.dcgm.DcgmBlank;
import org.aitelemetry.prometheus.kube.KubeVirtMetric;
import org.aitelemetry.prometheus.kube.LabelVariants;
import org.aitelemetry.prometheus.kube.PassthroughResource;
import org.aitelemetry.worker.catalogue.PassthroughDevices;
import org.aitelemetry.worker.sync.FleetSnapshot.VmKey;
import org.aitelemetry.worker.sync.FleetSnapshot.VmObservation;

/**
 * Builds the VMs of every cluster that hold GPUs passed through to them. What a VM holds is what its launcher pod
 * requests (kube-state-metrics: a configured exporter, so a tenant's series cannot give anyone GPUs); what KubeVirt
 * says of the instance only names and describes it. Within the look-back window a restarted VM may show its old
 * launcher pod beside the new one: the pod KubeVirt names is kept, else the one holding the most GPUs.
 */
final class VirtualMachineAssembly {

    private record VmRef(String cluster, VmKey key) {
    }

    private record LauncherPod(String pod, String node, PassthroughResource resource, int gpus) {
    }

    private static final Comparator<LauncherPod> MOST_GPUS =
            Comparator.comparingInt(LauncherPod::gpus).thenComparing(LauncherPod::pod, Comparator.reverseOrder());

    private final LabelVariants labels;
    private final PassthroughDevices devices;
    private final Map<VmRef, List<LauncherPod>> pods = new LinkedHashMap<>();
    private final Map<VmRef, List<Series>> instances = new HashMap<>();
    private final Set<String> otherPods = new TreeSet<>();

    VirtualMachineAssembly(LabelVariants labels, PassthroughDevices devices, QueryResult requests,
            QueryResult vmInstances) {
        this.labels = labels;
        this.devices = devices;
        requests.series().forEach(this::addRequest);
        vmInstances.series().forEach(this::addInstance);
    }

    Map<VmKey, VmObservation> virtualMachines(String cluster) {
        Map<VmKey, VmObservation> vms = new LinkedHashMap<>();
        pods.forEach((ref, candidates) -> {
            if (ref.cluster().equals(cluster)) {
                vms.put(ref.key(), observation(ref, candidates));
            }
        });
        return vms;
    }

    /** Namespaces whose VMs hold GPUs in the cluster: projects, as namespaces whose pods hold GPUs are. */
    Set<String> namespaces(String cluster) {
        Set<String> namespaces = new TreeSet<>();
        pods.keySet().stream().filter(ref -> ref.cluster().equals(cluster))
                .forEach(ref -> namespaces.add(ref.key().namespace()));
        return namespaces;
    }

    Iterable<String> clusters() {
        return pods.keySet().stream().map(VmRef::cluster).distinct().toList();
    }

    /** Pods requesting passthrough GPUs that are no KubeVirt launcher pod, for the operator: nobody is billed for them. */
    Optional<String> notice() {
        return otherPods.isEmpty() ? Optional.empty() : Optional.of(otherPods.size()
                + " pods request GPUs passed through by a device plugin but are not KubeVirt launcher pods, so no VM"
                + " accounts for them: " + String.join(", ", otherPods.stream().limit(5).toList()));
    }

    private VmObservation observation(VmRef ref, List<LauncherPod> candidates) {
        Optional<Series> instance = instance(ref, candidates);
        Function<String, String> fact = label -> instance.flatMap(series -> series.label(label))
                .filter(value -> !value.equals(KubeVirtMetric.NO_VALUE)).orElse(null);
        LauncherPod pod = instance.flatMap(series -> series.label(KubeVirtMetric.VMI_POD))
                .flatMap(named -> candidates.stream().filter(c -> c.pod().equals(named)).findFirst())
                .orElseGet(() -> candidates.stream().max(MOST_GPUS).orElseThrow());
        String guestOs = fact.apply(KubeVirtMetric.GUEST_OS_NAME);
        String version = fact.apply(KubeVirtMetric.GUEST_OS_VERSION);
        return new VmObservation(ref.key(), pod.pod(), pod.node() != null ? pod.node() : fact.apply(NODE),
                pod.resource().resourceName(), devices.productName(pod.resource()), pod.gpus(),
                fact.apply(KubeVirtMetric.PHASE),
                guestOs == null || version == null ? guestOs : guestOs + " " + version,
                fact.apply(KubeVirtMetric.INSTANCE_TYPE));
    }

    /** KubeVirt's series of the VM: the one naming a launcher pod it holds, else a running one, else any. */
    private Optional<Series> instance(VmRef ref, List<LauncherPod> candidates) {
        List<Series> series = instances.getOrDefault(ref, List.of());
        Comparator<Series> preferred = Comparator
                .comparing((Series s) -> s.label(KubeVirtMetric.VMI_POD)
                        .filter(pod -> candidates.stream().anyMatch(c -> c.pod().equals(pod))).isPresent())
                .thenComparing(s -> s.label(KubeVirtMetric.PHASE).filter("running"::equalsIgnoreCase).isPresent());
        return series.stream().max(preferred);
    }

    private void addRequest(Series series) {
        Optional<String> namespace = labels.namespace(series);
        Optional<String> pod = series.label(EXPORTED_POD, POD);
        Optional<PassthroughResource> resource = series.label(RESOURCE).flatMap(PassthroughResource::fromLabel);
        double requested = series.last().value();
        if (namespace.isEmpty() || pod.isEmpty() || resource.isEmpty() || DcgmBlank.isBlank(requested)
                || requested < 1) {
            return;
        }
        Optional<String> vmi = KubeVirtMetric.vmiOfLauncherPod(pod.get());
        if (vmi.isEmpty()) {
            otherPods.add(namespace.get() + "/" + pod.get());
            return;
        }
        VmRef ref = new VmRef(labels.cluster(series), new VmKey(namespace.get(), vmi.get()));
        List<LauncherPod> candidates = pods.computeIfAbsent(ref, r -> new ArrayList<>());
        LauncherPod request = new LauncherPod(pod.get(), series.label(NODE).orElse(null), resource.get(),
                (int) Math.round(requested));
        // One pod requesting two kinds of passthrough GPU: one VM holding their sum, shown as the larger kind.
        candidates.stream().filter(c -> c.pod().equals(request.pod())).findFirst().ifPresentOrElse(same -> {
            candidates.remove(same);
            LauncherPod larger = MOST_GPUS.compare(same, request) >= 0 ? same : request;
            candidates.add(new LauncherPod(larger.pod(), larger.node(), larger.resource(),
                    same.gpus() + request.gpus()));
        }, () -> candidates.add(request));
    }

    private void addInstance(Series series) {
        Optional<String> namespace = labels.namespace(series);
        Optional<String> name = series.label(KubeVirtMetric.NAME);
        if (namespace.isPresent() && name.isPresent()) {
            instances.computeIfAbsent(new VmRef(labels.cluster(series), new VmKey(namespace.get(), name.get())),
                    r -> new ArrayList<>()).add(series);
        }
    }
}
