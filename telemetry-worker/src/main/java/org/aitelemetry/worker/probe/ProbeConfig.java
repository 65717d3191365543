package org.aitelemetry.worker.probe;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** The probe-run ingest: {@code telemetry.probes.*}. */
@ConfigMapping(prefix = "telemetry.probes")
public interface ProbeConfig {

    /**
     * Every probe credential must be node-scoped: a Kubernetes token reviewed by its cluster, or a token carrying the
     * {@code node-claim} (and {@code cluster-claim}, when set); any other is refused (403). Setting {@code node-claim}
     * alone requires the claim as well.
     */
    @WithDefault("false")
    boolean nodeScoped();

    /**
     * Path of the token claim naming the one node a probe token may report for ({@code node}, or nested names joined
     * by {@code /} as in {@code quarkus.oidc.roles.role-claim-path}). Unset, and {@code node-scoped} off: any
     * probe-writer token may report for any node.
     */
    Optional<String> nodeClaim();

    /**
     * Path of the token claim naming that node's cluster; with it a node-scoped token is keyed by cluster and node, and
     * a token without the claim is refused. Unset: node names are compared across every cluster.
     */
    Optional<String> clusterClaim();

    /** How far in the future a run's times may lie: the probe host's clock may be this much ahead of ours. */
    @WithDefault("5m")
    Duration clockSkew();

    /** How old a run may be: older ones are refused (400), as their verdict would be stale the moment it is stored. */
    @WithDefault("P7D")
    Duration maxAge();

    /** How posted runs are grouped into transactions ({@link ProbeRunBatches}). */
    Batch batch();

    interface Batch {

        /** Runs stored and scored in one transaction at most. */
        @WithDefault("16")
        int maxRuns();

        /** Batches being stored at once; runs posted meanwhile wait for the next. */
        @WithDefault("2")
        int inFlight();
    }
}
