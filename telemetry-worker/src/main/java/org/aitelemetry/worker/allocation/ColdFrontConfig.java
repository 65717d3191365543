package org.aitelemetry.worker.allocation;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * ColdFront's REST API as a second source of who a project is, {@code telemetry.coldfront.*}: the allocations NERC's
 * cloud plugin lists ({@code GET /cloud-api/allocations/}, admin only), each naming the OpenShift project (namespace)
 * it provisioned. Off unless {@code url} is set. Authenticates with HTTP Basic (an admin account) or a bearer token
 * read from a file (the plugin's OIDC mode).
 */
@ConfigMapping(prefix = "telemetry.coldfront")
public interface ColdFrontConfig {

    /** ColdFront's base URL, e.g. {@code https://coldfront.example.org}; absent: the API is not read. */
    Optional<URI> url();

    @WithDefault("/cloud-api/allocations/")
    String allocationsPath();

    Optional<String> username();

    /** The password of {@code username}, read from this file (a mounted Secret) at every refresh. */
    Optional<Path> passwordFile();

    /** A bearer token read from this file at every refresh, instead of Basic. */
    Optional<Path> bearerTokenFile();

    /** A Quarkus TLS configuration (its trust store) for ColdFront's certificate. */
    Optional<String> tlsConfigurationName();

    @WithDefault("30s")
    Duration timeout();

    /** Interval of the refresh ({@code off} to disable); the scheduler reads it. */
    String every();

    /**
     * ColdFront resource name → cluster name (the metric source's cluster label), for resources not named as their
     * cluster; allocations of any other resource apply to the cluster of the resource's own name.
     */
    Map<String, String> clusters();
}
