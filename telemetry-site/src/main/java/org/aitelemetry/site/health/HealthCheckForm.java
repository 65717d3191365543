package org.aitelemetry.site.health;

import java.util.Arrays;
import java.util.List;
import org.aitelemetry.model.health.HealthCheckTarget;
import org.aitelemetry.site.api.ApiProblem;

/**
 * The health page's request form, flat as the browser sends it: the same request as {@code POST /api/v1/health-checks},
 * validated and authorized by the same service. {@code tests} is a comma-separated list; empty means the full suite.
 */
public record HealthCheckForm(String cluster, String kind, String node, String namespace, String podSelector,
        String tests) {

    HealthCheckCreate toRequest() {
        HealthCheckTarget target;
        try {
            target = HealthCheckTarget.valueOf(kind == null ? "" : kind);
        } catch (IllegalArgumentException e) {
            throw ApiProblem.badParameter("kind", "must be one of NODE, PROJECT, JOB");
        }
        List<String> testNames = tests == null || tests.isBlank() ? List.of()
                : Arrays.stream(tests.split(",")).map(String::strip).filter(name -> !name.isEmpty()).toList();
        return new HealthCheckCreate(cluster, new HealthCheckTargetSpec(target, node, namespace, podSelector, null),
                testNames);
    }
}
