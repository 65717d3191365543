package org.aitelemetry.worker.probe;

import io.smallrye.config.ConfigMapping;
import java.util.Optional;

/** The probe-run ingest: {@code telemetry.probes.*}. */
@ConfigMapping(prefix = "telemetry.probes")
public interface ProbeConfig {

    /**
     * Path of the token claim naming the one node a probe token may report for ({@code node}, or nested names joined
     * by {@code /} as in {@code quarkus.oidc.roles.role-claim-path}). Unset: any probe-writer token may report for any
     * node.
     */
    Optional<String> nodeClaim();
}
