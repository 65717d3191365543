package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.NodeSpec;
import io.fabric8.kubernetes.api.model.NodeStatus;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.model.fleet.TaintState;

/**
 * Mirrors a node's verdict on the Kubernetes Node of its cluster: the condition {@code GpuHealthy} (False on FAILED,
 * True on HEALTHY, DEGRADED, UNSCORED) through the status subresource, and the taint {@code <taint-key>=true:<effect>}
 * while the {@link TaintLedger} says TAINTED. A taint the blast-radius limit held back still gets the condition False,
 * with the reason in its message: a condition is informational and never keeps work off the node. Callers never pass
 * INCONCLUSIVE or UNKNOWN, and never a dry-run cluster: those write nothing. Idempotent: a node already in the wanted
 * state is not written; other taints and conditions are kept.
 */
@ApplicationScoped
public class NodeSignal {

    private final KubeConfig config;

    NodeSignal(KubeConfig config) {
        this.config = config;
    }

    /** Applies the verdict on a worker thread; completes with false when the node does not exist. */
    public Uni<Boolean> apply(KubeCluster cluster, String nodeName, HealthVerdict verdict, String reason,
            TaintLimit.Decision taint) {
        return Uni.createFrom().item(() -> applyBlocking(cluster, nodeName, verdict, reason, taint))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private boolean applyBlocking(KubeCluster cluster, String nodeName, HealthVerdict verdict, String reason,
            TaintLimit.Decision taint) {
        Resource<Node> resource = cluster.client().nodes().withName(nodeName);
        Node node = resource.get();
        if (node == null) {
            return false;
        }
        boolean failed = verdict == HealthVerdict.FAILED;
        boolean tainted = taint.state() == TaintState.TAINTED;
        String status = failed ? "False" : "True";
        String why = "GpuVerdict" + camel(verdict);
        String verdictText = reason == null || reason.isBlank() ? "gpu-probe verdict " + verdict : reason;
        String message = truncate(failed && taint.reason() != null ? verdictText + "; " + taint.reason()
                : verdictText);
        NodeCondition previous = current(node);
        if (previous == null || !status.equals(previous.getStatus()) || !why.equals(previous.getReason())
                || !message.equals(previous.getMessage())) {
            // The transition time moves only when the status flips, as Kubernetes' own conditions do.
            String since = previous != null && status.equals(previous.getStatus()) ? previous.getLastTransitionTime()
                    : Instant.now().toString();
            NodeCondition wanted = new NodeConditionBuilder().withType(config.conditionType()).withStatus(status)
                    .withReason(why).withMessage(message).withLastTransitionTime(since)
                    .withLastHeartbeatTime(Instant.now().toString()).build();
            resource.editStatus(n -> withCondition(n, wanted));
        }
        if (hasTaint(node) != tainted || taints(node).stream().filter(this::ours).count() > (tainted ? 1 : 0)) {
            resource.edit(n -> withTaint(n, tainted));
        }
        return true;
    }

    private NodeCondition current(Node node) {
        if (node.getStatus() == null || node.getStatus().getConditions() == null) {
            return null;
        }
        return node.getStatus().getConditions().stream()
                .filter(c -> config.conditionType().equals(c.getType())).findFirst().orElse(null);
    }

    private Node withCondition(Node node, NodeCondition wanted) {
        if (node.getStatus() == null) {
            node.setStatus(new NodeStatus());
        }
        List<NodeCondition> conditions = new ArrayList<>(node.getStatus().getConditions() == null ? List.of()
                : node.getStatus().getConditions());
        conditions.removeIf(c -> config.conditionType().equals(c.getType()));
        conditions.add(wanted);
        node.getStatus().setConditions(conditions);
        return node;
    }

    private boolean hasTaint(Node node) {
        return taints(node).stream().anyMatch(t -> ours(t) && "true".equals(t.getValue())
                && config.taintEffect().equals(t.getEffect()));
    }

    private Node withTaint(Node node, boolean present) {
        List<Taint> taints = new ArrayList<>(taints(node));
        taints.removeIf(this::ours);
        if (present) {
            taints.add(new TaintBuilder().withKey(config.taintKey()).withValue("true")
                    .withEffect(config.taintEffect()).build());
        }
        if (node.getSpec() == null) {
            node.setSpec(new NodeSpec());
        }
        node.getSpec().setTaints(taints);
        return node;
    }

    private boolean ours(Taint taint) {
        return config.taintKey().equals(taint.getKey());
    }

    private static List<Taint> taints(Node node) {
        return node.getSpec() == null || node.getSpec().getTaints() == null ? List.of() : node.getSpec().getTaints();
    }

    private static String camel(HealthVerdict verdict) {
        String name = verdict.name();
        return name.charAt(0) + name.substring(1).toLowerCase();
    }

    private static String truncate(String text) {
        return text.length() <= 1000 ? text : text.substring(0, 1000);
    }
}
