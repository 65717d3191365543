package org.aitelemetry.worker.probe;

import java.security.Principal;

/**
 * A caller whose credential itself names the node it may report for, keyed by cluster and node (a probe Pod's
 * reviewed service-account token), as opposed to a token whose claims {@link ProbeNodeScope} reads.
 */
public record NodeScopedPrincipal(String name, ProbeNodeScope.Node node) implements Principal {

    @Override
    public String getName() {
        return name;
    }
}
