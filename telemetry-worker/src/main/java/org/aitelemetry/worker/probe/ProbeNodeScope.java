package org.aitelemetry.worker.probe;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.security.Principal;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Node-scoped probe credentials ({@code telemetry.probes.node-scoped}, {@code node-claim} and {@code cluster-claim}): a
 * credential bound to node N of cluster C may report only for N in C. Every GPU of the report that the fleet knows
 * must be on N in C (a node of the same name in another cluster is another node), and the report's hostname must be N
 * or name no node of C at all (a Job's Pod reports the Pod's name); the run is then linked to N in C, whatever its
 * hostname says. GPUs the fleet does not know yet (a node newer than the last sync) are accepted: they hold no verdict
 * another node could lose. A reviewed Kubernetes token ({@link NodeScopedPrincipal}) is bound to its Pod's node by
 * the cluster itself and goes through the same check. Without {@code node-claim} and {@code node-scoped} every other
 * probe-writer token may report for every node, linked by hostname.
 */
@ApplicationScoped
public class ProbeNodeScope {

    /** The node a run is linked by: its name, and its cluster when the token names one. */
    public record Node(String cluster, String name) {
    }

    private final Pool pool;
    private final Optional<String> nodeClaim;
    private final Optional<String> clusterClaim;
    private final boolean required;

    ProbeNodeScope(Pool pool, ProbeConfig config) {
        this.pool = pool;
        this.required = config.nodeScoped() || config.nodeClaim().filter(path -> !path.isBlank()).isPresent();
        this.nodeClaim = config.nodeClaim().filter(path -> !path.isBlank());
        this.clusterClaim = config.clusterClaim().filter(path -> !path.isBlank());
    }

    /** The node the run is linked by; fails with {@link ForeignNodeException} when the token may not write it. */
    public Uni<Node> nodeOf(Principal caller, ProbeReport report) {
        Node bound;
        try {
            bound = boundNode(caller);
        } catch (ForeignNodeException refusal) {
            return Uni.createFrom().failure(refusal);
        }
        return bound == null ? Uni.createFrom().item(new Node(null, report.hostname())) : check(bound, report);
    }

    /**
     * The node the caller's credential is bound to: a reviewed Kubernetes token's, else the one its claims name; null
     * while unscoped credentials are accepted.
     */
    private Node boundNode(Principal caller) {
        if (caller instanceof NodeScopedPrincipal scoped) {
            return scoped.node();
        }
        if (!required) {
            return null;
        }
        String node = nodeClaim.flatMap(path -> claim(caller, path)).orElse(null);
        String cluster = clusterClaim.flatMap(path -> claim(caller, path)).orElse(null);
        if (nodeClaim.isEmpty()) {
            throw new ForeignNodeException("this worker accepts node-scoped probe credentials only (a probe Pod's"
                    + " service-account token, or a token naming its node), and this token names no node");
        }
        if (node == null || (clusterClaim.isPresent() && cluster == null)) {
            String missing = node == null ? nodeClaim.get() : clusterClaim.get();
            throw new ForeignNodeException("this worker accepts node-scoped probe tokens only, and the token carries"
                    + " no claim '" + missing + "' naming its " + (node == null ? "node" : "cluster"));
        }
        return new Node(cluster, node);
    }

    /** Every known GPU of the report on the node, and its host the node or none of the cluster's nodes. */
    private Uni<Node> check(Node bound, ProbeReport report) {
        String node = bound.name();
        String cluster = bound.cluster();
        String where = cluster == null ? "node " + node : "node " + node + " of cluster " + cluster;
        String[] uuids = report.gpus().stream().map(gpu -> gpu.tests().uuid()).toArray(String[]::new);
        return pool.preparedQuery(ProbeSql.FOREIGN_GPU).execute(Tuple.tuple().addArrayOfString(uuids).addString(node)
                .addString(cluster)).chain(rows -> {
                    RowIterator<Row> foreign = rows.iterator();
                    if (foreign.hasNext()) {
                        Row gpu = foreign.next();
                        throw new ForeignNodeException("the token may report for " + where + " only; GPU "
                                + gpu.getString("uuid") + " belongs to node " + gpu.getString("name") + " of cluster "
                                + gpu.getString("cluster"));
                    }
                    return report.hostname().equals(node) ? Uni.createFrom().item(false)
                            : pool.preparedQuery(ProbeSql.KNOWN_NODE).execute(Tuple.of(report.hostname(), cluster))
                                    .map(known -> known.iterator().next().getBoolean("known"));
                })
                .map(hostIsAnotherNode -> {
                    if (hostIsAnotherNode) {
                        throw new ForeignNodeException("the token may report for " + where + " only; the report"
                                + " comes from host " + report.hostname() + ", another node");
                    }
                    return new Node(cluster, node);
                });
    }

    /** The claim at a path of names joined by {@code /}, when it is a non-blank string. */
    static Optional<String> claim(Principal caller, String path) {
        if (!(caller instanceof JsonWebToken token)) {
            return Optional.empty();
        }
        List<String> names = List.of(path.split("/"));
        Object value = token.getClaim(names.get(0));
        for (String name : names.subList(1, names.size())) {
            value = value instanceof JsonObject object ? object.get(name) : null;
        }
        String text = value instanceof JsonString json ? json.getString() : value instanceof String plain ? plain : null;
        return Optional.ofNullable(text).filter(name -> !name.isBlank());
    }
}
