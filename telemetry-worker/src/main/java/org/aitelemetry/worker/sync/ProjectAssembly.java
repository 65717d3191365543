package org.aitelemetry.worker.sync;

import static org.aitelemetry.prometheus.kube.KubeLabel.AMD_GPU_RESOURCE;
import static org.aitelemetry.prometheus.kube.KubeLabel.GPU_RESOURCE;
import static org.aitelemetry.prometheus.kube.KubeLabel.MIG_RESOURCE_PREFIX;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.dcgm.DcgmBlank;
import org.aitelemetry.prometheus.kube.KubeLabel;
import org.aitelemetry.prometheus.kube.LabelVariants;
import org.aitelemetry.worker.allocation.ProjectMetadataMapping;
import org.aitelemetry.worker.sync.FleetSnapshot.ProjectObservation;

/**
 * Builds the research projects of a cluster: the namespaces that request GPUs or MIG slices, or whose pods dcgm-exporter
 * shows on a GPU, with their allocation, the health flags of their workloads and what their namespace's annotations
 * and labels say of them.
 */
final class ProjectAssembly {

    private static final Pattern AMD_PARTITION = Pattern.compile(KubeLabel.AMD_PARTITION_RESOURCES);

    private record ProjectRef(String cluster, String namespace) {
    }

    private static final class Allocation {
        double gpus;
        final Map<String, Integer> mig = new TreeMap<>();
    }

    private final LabelVariants labels;
    private final Map<ProjectRef, Allocation> allocations = new LinkedHashMap<>();
    private final Map<ProjectRef, Integer> restarting;
    private final Map<ProjectRef, Integer> terminating;
    private final Map<ProjectRef, Integer> fullPvcs;
    private final Map<ProjectRef, Integer> vllm;
    private final ProjectMetadataMapping metadata;
    private final Map<ProjectRef, Series> annotations;
    private final Map<ProjectRef, Series> namespaceLabels;

    ProjectAssembly(LabelVariants labels, FleetQueryResults results, ProjectMetadataMapping metadata) {
        this.labels = labels;
        this.metadata = metadata;
        this.annotations = firstSeries(results.namespaceAnnotations());
        this.namespaceLabels = firstSeries(results.namespaceLabels());
        results.allocations().series().forEach(this::addAllocation);
        this.restarting = counts(results.restartingPods());
        this.terminating = counts(results.terminatingPods());
        this.fullPvcs = counts(results.fullVolumeClaims());
        this.vllm = counts(results.vllmNamespaces());
    }

    Map<String, ProjectObservation> projects(String cluster, Set<String> namespacesUsingGpus) {
        Map<String, ProjectObservation> projects = new LinkedHashMap<>();
        allocations.keySet().stream().filter(ref -> ref.cluster().equals(cluster)).map(ProjectRef::namespace)
                .forEach(namespace -> projects.put(namespace, null));
        namespacesUsingGpus.forEach(namespace -> projects.put(namespace, null));
        projects.replaceAll((namespace, ignored) -> observation(new ProjectRef(cluster, namespace)));
        return projects;
    }

    Iterable<String> clusters() {
        return allocations.keySet().stream().map(ProjectRef::cluster).distinct().toList();
    }

    private ProjectObservation observation(ProjectRef ref) {
        Allocation allocation = allocations.getOrDefault(ref, new Allocation());
        return new ProjectObservation(ref.namespace(), allocation.gpus, Map.copyOf(allocation.mig),
                restarting.getOrDefault(ref, 0), terminating.getOrDefault(ref, 0), fullPvcs.getOrDefault(ref, 0),
                vllm.getOrDefault(ref, 0) > 0, metadata.read(Optional.ofNullable(annotations.get(ref)),
                        Optional.ofNullable(namespaceLabels.get(ref))));
    }

    private void addAllocation(Series series) {
        Optional<ProjectRef> ref = ref(series);
        Optional<String> resource = series.label(KubeLabel.RESOURCE);
        double requested = series.last().value();
        if (ref.isEmpty() || resource.isEmpty() || DcgmBlank.isBlank(requested) || requested <= 0) {
            return;
        }
        Allocation allocation = allocations.computeIfAbsent(ref.get(), r -> new Allocation());
        if (resource.get().equals(GPU_RESOURCE) || resource.get().equals(AMD_GPU_RESOURCE)) {
            allocation.gpus += requested;
        } else if (resource.get().startsWith(MIG_RESOURCE_PREFIX)) {
            allocation.mig.merge(migResourceName(resource.get()), (int) requested, Integer::sum);
        } else if (AMD_PARTITION.matcher(resource.get()).matches()) {
            allocation.mig.merge(amdPartitionResourceName(resource.get()), (int) requested, Integer::sum);
        }
    }

    /** kube-state-metrics sanitises {@code amd.com/cpx_nps4} to {@code amd_com_cpx_nps4}; restore the name. */
    static String amdPartitionResourceName(String sanitised) {
        return "amd.com/" + sanitised.substring("amd_com_".length());
    }

    /** kube-state-metrics sanitises {@code nvidia.com/mig-1g.10gb} to {@code nvidia_com_mig_1g_10gb}; restore the name. */
    static String migResourceName(String sanitised) {
        String profile = sanitised.substring(MIG_RESOURCE_PREFIX.length());
        int memory = profile.indexOf('_');
        return "nvidia.com/mig-" + (memory < 0 ? profile : profile.substring(0, memory) + "." + profile.substring(memory + 1));
    }

    private Map<ProjectRef, Integer> counts(QueryResult result) {
        Map<ProjectRef, Integer> counts = new HashMap<>();
        for (Series series : result.series()) {
            ref(series).ifPresent(ref -> counts.merge(ref, (int) series.last().value(), Integer::sum));
        }
        return counts;
    }

    /** A namespace's series; should an annotation have changed within the look-back, the first of its two. */
    private Map<ProjectRef, Series> firstSeries(QueryResult result) {
        Map<ProjectRef, Series> first = new HashMap<>();
        for (Series series : result.series()) {
            ref(series).ifPresent(ref -> first.putIfAbsent(ref, series));
        }
        return first;
    }

    private Optional<ProjectRef> ref(Series series) {
        return labels.namespace(series).map(namespace -> new ProjectRef(labels.cluster(series), namespace));
    }
}
