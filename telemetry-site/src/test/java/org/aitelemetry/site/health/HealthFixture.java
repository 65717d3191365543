package org.aitelemetry.site.health;

/** The rows fixture-health.sql adds to the common fixture ({@code Fixture}) for the health tests. */
final class HealthFixture {

    /** worker-gpu-0001 on cluster-01, 2026-11-19: DEGRADED, with a degraded result for DEVICE_HEALTHY. */
    static final String RUN_DEGRADED = "b1a1e000-0000-4000-8000-000000006001";
    /** A host the fleet sync has not seen (no node), 2026-11-18, with a result for UNLISTED_DEVICE. */
    static final String RUN_UNKNOWN_NODE = "b1a1e000-0000-4000-8000-000000006002";
    /** worker-gpu-0001 on cluster-02, 2026-11-17: NO_GPU. */
    static final String RUN_NO_GPU = "b1a1e000-0000-4000-8000-000000006003";
    /** A GPU with a probe result but not in the inventory. */
    static final String UNLISTED_DEVICE = "GPU-0000cccc-0000-0000-0000-000000000001";

    /** By the test researcher, on cluster-02/nlp-001, which it is not a member of. */
    static final String RESEARCHERS_OWN_CHECK = "c4ec0000-0000-4000-8000-000000006101";
    /** By someone else, on cluster-02/nlp-001: the twin of the test clients' project. */
    static final String TWIN_PROJECT_CHECK = "c4ec0000-0000-4000-8000-000000006102";
    /** By an admin, on node worker-gpu-0002 of cluster-01. */
    static final String NODE_CHECK = "c4ec0000-0000-4000-8000-000000006103";

    private HealthFixture() {
    }
}
