package org.aitelemetry.model.fleet;

/** How the worker authenticates to a metric source. */
public enum AuthMode {
    NONE,
    /** Bearer token read from a file, e.g. a service-account token for Thanos Querier. */
    BEARER_FILE,
    OIDC_CLIENT_CREDENTIALS,
    /** Client certificate, e.g. Observatorium. */
    MTLS
}
