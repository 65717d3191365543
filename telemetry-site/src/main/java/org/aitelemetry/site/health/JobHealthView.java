package org.aitelemetry.site.health;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The health of a job's GPUs and nodes (schema {@code JobHealth}): the overall verdict is the worst of them, so one
 * failed GPU or node fails the job; lists are worst first.
 */
public record JobHealthView(String cluster, String namespace, String verdict, List<String> pods,
        List<JobGpuView> gpus, List<JobNodeView> nodes, Map<String, Integer> counts) {

    static final String NO_GPUS = "NO_GPUS";
    /**
     * Health verdicts from best to worst: UNKNOWN (never probed), UNSCORED and INCONCLUSIVE rank above HEALTHY, since
     * none of them says the GPU is healthy, but below the verdicts that say it is not.
     */
    private static final List<String> SEVERITY = List.of("HEALTHY", "UNKNOWN", "UNSCORED", "INCONCLUSIVE",
            "DEGRADED", "FAILED");

    static JobHealthView of(String cluster, String namespace, List<HeldGpu> held) {
        List<JobGpuView> gpus = held.stream().map(HeldGpu::gpu).sorted(worstFirst(JobGpuView::health)
                .thenComparing(JobGpuView::uuid)
                .thenComparing(JobGpuView::gpuInstanceId, Comparator.nullsFirst(Comparator.naturalOrder()))).toList();
        List<JobNodeView> nodes = nodes(held);
        List<String> pods = gpus.stream().flatMap(gpu -> gpu.pods().stream()).distinct().sorted().toList();
        return new JobHealthView(cluster, namespace, verdict(gpus, nodes), pods, gpus, nodes, counts(gpus));
    }

    private static List<JobNodeView> nodes(List<HeldGpu> held) {
        Map<String, List<HeldGpu>> byNode = held.stream()
                .collect(Collectors.groupingBy(gpu -> gpu.gpu().node(), LinkedHashMap::new, Collectors.toList()));
        return byNode.entrySet().stream().map(node -> {
            HeldGpu first = node.getValue().get(0);
            return new JobNodeView(node.getKey(), first.nodeHealth(), first.nodeReason(), node.getValue().size());
        }).sorted(worstFirst(JobNodeView::health).thenComparing(JobNodeView::name)).toList();
    }

    private static String verdict(List<JobGpuView> gpus, List<JobNodeView> nodes) {
        if (gpus.isEmpty()) {
            return NO_GPUS;
        }
        return Stream.concat(gpus.stream().map(JobGpuView::health), nodes.stream().map(JobNodeView::health))
                .max(Comparator.comparingInt(SEVERITY::indexOf)).orElseThrow();
    }

    private static Map<String, Integer> counts(List<JobGpuView> gpus) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        SEVERITY.forEach(health -> counts.put(health, 0));
        gpus.forEach(gpu -> counts.merge(gpu.health(), 1, Integer::sum));
        return counts;
    }

    private static <T> Comparator<T> worstFirst(Function<T, String> health) {
        return Comparator.comparingInt((T item) -> SEVERITY.indexOf(health.apply(item))).reversed();
    }
}
