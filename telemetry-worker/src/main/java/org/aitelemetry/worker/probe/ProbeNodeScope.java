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
 * Node-scoped probe credentials ({@code telemetry.probes.node-claim}): a token whose claim names node N may report only
 * for N. Every GPU of the report that the fleet knows must be on a node named N, and the report's hostname must be N or
 * name no node at all (a Job's Pod reports the Pod's name); the run is then linked to N, whatever its hostname says.
 * GPUs the fleet does not know yet (a node newer than the last sync) are accepted: they hold no verdict another node
 * could lose. Without the property every probe-writer token may report for every node, linked by hostname.
 */
@ApplicationScoped
public class ProbeNodeScope {

    /** A GPU of the report that the fleet places on another node, if any. */
    private static final String FOREIGN_GPU = """
            SELECT d.uuid, n.name FROM gpu_device d JOIN ai_node n ON n.id = d.node_id
            WHERE d.uuid = ANY($1) AND n.name <> $2 ORDER BY d.uuid LIMIT 1""";
    private static final String KNOWN_NODE = "SELECT EXISTS (SELECT 1 FROM ai_node WHERE name = $1) AS known";

    private final Pool pool;
    private final Optional<String> claimPath;

    ProbeNodeScope(Pool pool, ProbeConfig config) {
        this.pool = pool;
        this.claimPath = config.nodeClaim().filter(path -> !path.isBlank());
    }

    /**
     * The name of the node the run is linked by; fails with {@link ForeignNodeException} when the caller's token may
     * not write this report.
     */
    public Uni<String> nodeOf(Principal caller, ProbeReport report) {
        if (claimPath.isEmpty()) {
            return Uni.createFrom().item(report.hostname());
        }
        String node = claim(caller, claimPath.get()).orElse(null);
        if (node == null) {
            return Uni.createFrom().failure(new ForeignNodeException("this worker accepts node-scoped probe tokens only,"
                    + " and the token carries no claim '" + claimPath.get() + "' naming its node"));
        }
        String[] uuids = report.gpus().stream().map(gpu -> gpu.tests().uuid()).toArray(String[]::new);
        return pool.preparedQuery(FOREIGN_GPU).execute(Tuple.tuple().addArrayOfString(uuids).addString(node))
                .chain(rows -> {
                    RowIterator<Row> foreign = rows.iterator();
                    if (foreign.hasNext()) {
                        Row gpu = foreign.next();
                        throw new ForeignNodeException("the token may report for node " + node + " only; GPU "
                                + gpu.getString("uuid") + " belongs to node " + gpu.getString("name"));
                    }
                    return report.hostname().equals(node) ? Uni.createFrom().item(false)
                            : pool.preparedQuery(KNOWN_NODE).execute(Tuple.of(report.hostname()))
                                    .map(known -> known.iterator().next().getBoolean("known"));
                })
                .map(hostIsAnotherNode -> {
                    if (hostIsAnotherNode) {
                        throw new ForeignNodeException("the token may report for node " + node + " only; the report"
                                + " comes from host " + report.hostname() + ", another node");
                    }
                    return node;
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
