package org.aitelemetry.devkit.keycloak;

/**
 * Client ids and dev-only secrets of the realms the devkit imports ({@code keycloak/realm-ai-telemetry.json} and the
 * tests' additions). None of these secrets protects anything outside a developer's machine or a test run.
 */
public final class KeycloakClients {

    public static final String REALM = "ai-telemetry";
    /** A second realm, imported with the test additions: its tokens come from an issuer the apps do not trust. */
    public static final String OTHER_REALM = "other-realm";

    /** Audience of tokens for the site's API. */
    public static final String API_AUDIENCE = "telemetry-api";
    /** Audience of tokens for the worker's ingest. */
    public static final String WORKER_AUDIENCE = "telemetry-worker";

    public static final String SITE = "telemetry-site";
    public static final String SITE_SECRET = "dev-only-telemetry-site-secret";
    public static final String API_EXAMPLE = "telemetry-api-example";
    public static final String API_EXAMPLE_SECRET = "dev-only-telemetry-api-example-secret";
    public static final String ALERTMANAGER = "alertmanager";
    public static final String ALERTMANAGER_SECRET = "dev-only-alertmanager-secret";
    public static final String GPU_PROBE = "gpu-probe";
    public static final String GPU_PROBE_SECRET = "dev-only-gpu-probe-secret";

    /** Test additions, each a service account; {@link #testSecret(String)} gives its secret. */
    public static final String TEST_ADMIN = "test-admin";
    public static final String TEST_MANAGER = "test-manager";
    /** The test manager's verified e-mail address (its tokens' {@code email}), mixed case on purpose. */
    public static final String TEST_MANAGER_EMAIL = "Test-Manager@Example.org";
    public static final String TEST_RESEARCHER = "test-researcher";
    public static final String TEST_NO_ROLE = "test-no-role";
    public static final String TEST_WRONG_AUDIENCE = "test-wrong-audience";
    /** Its access tokens live 2 s, for tests that need an expired one. */
    public static final String TEST_SHORT_LIVED = "test-short-lived";
    /**
     * A probe credential scoped to one node of one cluster: role probe-writer, and hard-coded claims
     * {@code {"aitelemetry": {"node": "probe-node-a", "cluster": "node-scope"}}} (claim paths
     * {@value #TEST_PROBE_NODE_CLAIM} and {@value #TEST_PROBE_CLUSTER_CLAIM}).
     */
    public static final String TEST_PROBE_NODE = "test-probe-node";
    public static final String TEST_PROBE_NODE_CLAIM = "aitelemetry/node";
    public static final String TEST_PROBE_NODE_NAME = "probe-node-a";
    public static final String TEST_PROBE_CLUSTER_CLAIM = "aitelemetry/cluster";
    public static final String TEST_PROBE_CLUSTER_NAME = "node-scope";
    /**
     * Keycloak's admin API on the product realm's users (realm-management roles manage-users and view-users), for
     * tests of the realm's own rules: the password policy and brute-force detection. The apps never use it.
     */
    public static final String TEST_USER_ADMIN = "test-user-admin";

    private KeycloakClients() {
    }

    public static String testSecret(String testClientId) {
        return "test-secret-" + testClientId;
    }
}
