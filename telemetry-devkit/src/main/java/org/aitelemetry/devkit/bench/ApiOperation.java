package org.aitelemetry.devkit.bench;

import static org.aitelemetry.devkit.bench.ApiTargets.any;

import java.util.SplittableRandom;
import java.util.function.BiFunction;

/**
 * The requests of the API benchmark, each a GET of the contract (src/main/openapi/telemetry-api.yaml) as a researcher
 * would send it, with its default weight in the mix. Targets are drawn from the seeded rows; project data from the
 * caller's own project. {@link #HEALTH_LIVE} is the floor, unauthenticated and without the database, weight 0; it is
 * served on the management interface only, where {@link ApiBenchmark} sends it.
 */
enum ApiOperation {

    ME("me", 2, (t, r) -> "/api/v1/me"),
    CLUSTERS("clusters", 3, (t, r) -> "/api/v1/clusters"),
    NODES_BY_CLUSTER("nodes-by-cluster", 8, (t, r) -> "/api/v1/nodes?cluster=" + any(t.clusters(), r)),
    NODE("node", 8, (t, r) -> "/api/v1/nodes/" + any(t.nodes(), r).id()),
    DEVICES_BY_NODE("devices-by-node", 14, (t, r) -> "/api/v1/devices?" + nodeFilter(any(t.nodes(), r))),
    DEVICES_BY_HEALTH("devices-by-health", 8, (t, r) -> "/api/v1/devices?health=" + (r.nextBoolean() ? "DEGRADED" : "FAILED")),
    DEVICE("device", 14, (t, r) -> "/api/v1/devices/" + any(t.deviceUuids(), r)),
    SLICES_BY_NODE("slices-by-node", 6, (t, r) -> "/api/v1/slices?" + nodeFilter(any(t.migNodes(), r))),
    PROJECTS("projects", 5, (t, r) -> "/api/v1/projects"),
    PROJECT("project", 5, (t, r) -> "/api/v1/projects/" + t.ownProjectId()),
    PROJECT_USAGE("project-usage", 6, (t, r) -> "/api/v1/projects/" + t.ownProjectId() + "/usage?granularity=day"),
    SESSIONS("sessions", 6, (t, r) -> "/api/v1/sessions?project=" + t.ownProjectId()),
    SESSION("session", 6, (t, r) -> "/api/v1/sessions/" + any(t.ownSessionIds(), r)),
    PROBE_RUNS("probe-runs", 4, (t, r) -> "/api/v1/probe-runs?cluster=" + any(t.clusters(), r)),
    HEALTH_CHECKS("health-checks", 0, (t, r) -> "/api/v1/health-checks"),
    HEALTH_LIVE("health-live", 0, (t, r) -> "/q/health/live");

    private final String key;
    private final int defaultWeight;
    private final BiFunction<ApiTargets, SplittableRandom, String> path;

    ApiOperation(String key, int defaultWeight, BiFunction<ApiTargets, SplittableRandom, String> path) {
        this.key = key;
        this.defaultWeight = defaultWeight;
        this.path = path;
    }

    String key() {
        return key;
    }

    int defaultWeight() {
        return defaultWeight;
    }

    /** The floor is the only request without a token. */
    boolean authenticated() {
        return this != HEALTH_LIVE;
    }

    String path(ApiTargets targets, SplittableRandom random) {
        return path.apply(targets, random);
    }

    /** The path with example targets, for the usage text. */
    String example() {
        return path(ApiTargets.EXAMPLE, new SplittableRandom(0));
    }

    static ApiOperation byKey(String key) {
        for (ApiOperation operation : values()) {
            if (operation.key.equals(key)) {
                return operation;
            }
        }
        throw new IllegalArgumentException("unknown operation " + key);
    }

    private static String nodeFilter(ApiTargets.Node node) {
        return "cluster=" + node.cluster() + "&node=" + node.name();
    }
}
