package org.aitelemetry.devkit.bench;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watches the Nodes for the worker's signal of a FAILED verdict: the taint {@value #TAINT} and the condition
 * {@value #CONDITION}=False, both, since the worker writes them one after the other. The latency of a node is from
 * just before its failed run was posted to the watch event that shows both.
 */
final class TaintWatch implements Watcher<Node>, AutoCloseable {

    static final String TAINT = "aitelemetry.org/gpu-unhealthy";
    static final String CONDITION = "GpuHealthy";

    private final Map<String, Long> postedAt = new ConcurrentHashMap<>();
    private final Map<String, Long> visibleAt = new ConcurrentHashMap<>();
    private final Watch watch;

    TaintWatch(KubernetesClient client) {
        this.watch = client.nodes().watch(this);
    }

    /** Call just before posting the node's failed run. */
    void posting(String node) {
        postedAt.put(node, System.nanoTime());
    }

    @Override
    public void eventReceived(Action action, Node node) {
        long now = System.nanoTime();
        if (tainted(node) && conditionFalse(node)) {
            visibleAt.putIfAbsent(node.getMetadata().getName(), now);
        }
    }

    @Override
    public void onClose(WatcherException cause) {
        if (cause != null) {
            System.err.println("The Node watch closed: " + cause.getMessage());
        }
    }

    /** Waits until every posted node shows the signal or the patience is spent; returns how many never did. */
    int awaitAll(Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (missing() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        return missing();
    }

    /** Post → visible in milliseconds, for the nodes that showed the signal; null when none did. */
    Stats millis() {
        double[] millis = postedAt.entrySet().stream().filter(posted -> visibleAt.containsKey(posted.getKey()))
                .mapToDouble(posted -> (visibleAt.get(posted.getKey()) - posted.getValue()) / 1e6).toArray();
        return millis.length == 0 ? null : Stats.of(millis);
    }

    int posted() {
        return postedAt.size();
    }

    private int missing() {
        return (int) postedAt.keySet().stream().filter(node -> !visibleAt.containsKey(node)).count();
    }

    private static boolean tainted(Node node) {
        return node.getSpec() != null && node.getSpec().getTaints() != null
                && node.getSpec().getTaints().stream().anyMatch(taint -> TAINT.equals(taint.getKey()));
    }

    private static boolean conditionFalse(Node node) {
        return node.getStatus() != null && node.getStatus().getConditions() != null
                && node.getStatus().getConditions().stream()
                        .anyMatch(c -> CONDITION.equals(c.getType()) && "False".equals(c.getStatus()));
    }

    @Override
    public void close() {
        watch.close();
    }
}
