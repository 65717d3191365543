package org.aitelemetry.site.vm;

import org.aitelemetry.model.fleet.PresenceState;
import org.aitelemetry.site.api.QueryParams;
import org.aitelemetry.site.security.ProjectKey;

/** The virtual machine list's filters, parsed from its query parameters (lengths as in the contract); null: any. */
public record VirtualMachineFilter(String cluster, String namespace, String state, String gpuModel, String phase) {

    public static VirtualMachineFilter parse(String cluster, String namespace, String state, String gpuModel,
            String phase) {
        PresenceState presence = QueryParams.enumerated("state", state, PresenceState.class);
        return new VirtualMachineFilter(QueryParams.text("cluster", cluster, 253),
                QueryParams.text("namespace", namespace, ProjectKey.NAMESPACE_MAX_LENGTH),
                presence == null ? null : presence.name(), QueryParams.text("gpuModel", gpuModel, 200),
                QueryParams.text("phase", phase, 32));
    }
}
