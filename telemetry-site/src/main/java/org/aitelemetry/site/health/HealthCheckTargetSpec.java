package org.aitelemetry.site.health;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.aitelemetry.model.health.HealthCheckTarget;

/**
 * What a health check covers (schema {@code HealthCheckTarget}): the kind and only the fields that apply to it, in
 * requests and in answers alike.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HealthCheckTargetSpec(HealthCheckTarget kind, String node, String namespace, String podSelector,
        List<String> pods) {

    /** The target of a stored request: fields that do not apply to the kind, and an empty pod list, left out. */
    static HealthCheckTargetSpec stored(HealthCheckTarget kind, String node, String namespace, String podSelector,
            List<String> pods) {
        return switch (kind) {
            case NODE -> new HealthCheckTargetSpec(kind, node, null, null, null);
            case PROJECT -> new HealthCheckTargetSpec(kind, null, namespace, null, null);
            case JOB -> new HealthCheckTargetSpec(kind, null, namespace, podSelector, pods.isEmpty() ? null : pods);
        };
    }
}
