package org.aitelemetry.worker.health;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.aitelemetry.model.fleet.HealthVerdict;

/**
 * A node's verdict from its GPUs' current verdicts: FAILED if any GPU failed, DEGRADED if any is degraded, else
 * HEALTHY; the reason names the GPUs that are not healthy. GPUs no probe has scored yet do not count.
 */
final class NodeHealth {

    /** A scored GPU of the node; {@code index} may be null. */
    record Gpu(String uuid, Integer index, HealthVerdict verdict) {
    }

    record Verdict(HealthVerdict verdict, String reason) {
    }

    private NodeHealth() {
    }

    static Verdict of(List<Gpu> gpus) {
        HealthVerdict verdict = HealthVerdict.HEALTHY;
        Map<HealthVerdict, List<String>> unhealthy = new TreeMap<>();
        for (Gpu gpu : gpus) {
            verdict = HealthScorer.worse(verdict, gpu.verdict());
            if (gpu.verdict() != HealthVerdict.HEALTHY) {
                unhealthy.computeIfAbsent(gpu.verdict(), key -> new ArrayList<>()).add(name(gpu));
            }
        }
        if (unhealthy.isEmpty()) {
            return new Verdict(verdict, gpus.size() + " GPU(s) healthy");
        }
        String reason = unhealthy.entrySet().stream().sorted(Map.Entry.<HealthVerdict, List<String>>comparingByKey()
                .reversed()).map(entry -> entry.getKey() + ": " + String.join(", ", entry.getValue()))
                .collect(Collectors.joining("; "));
        return new Verdict(verdict, reason);
    }

    private static String name(Gpu gpu) {
        return gpu.index() == null ? gpu.uuid() : "GPU " + gpu.index() + " (" + gpu.uuid() + ")";
    }
}
