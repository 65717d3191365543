package org.aitelemetry.site.fleet;

import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.model.fleet.PresenceState;
import org.aitelemetry.site.api.QueryParams;

/**
 * The inventory filters the node, device and slice lists share, parsed from their query parameters (lengths as in
 * the contract); null means "any".
 */
public record FleetFilter(String cluster, String node, String model, String state, String health) {

    public static FleetFilter parse(String cluster, String node, String model, String state, String health) {
        PresenceState presence = QueryParams.enumerated("state", state, PresenceState.class);
        HealthVerdict verdict = QueryParams.enumerated("health", health, HealthVerdict.class);
        return new FleetFilter(QueryParams.text("cluster", cluster, 253), QueryParams.text("node", node, 253),
                QueryParams.text("model", model, 200), presence == null ? null : presence.name(),
                verdict == null ? null : verdict.name());
    }
}
