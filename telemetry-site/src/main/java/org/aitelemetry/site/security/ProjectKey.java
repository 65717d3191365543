package org.aitelemetry.site.security;

import java.util.Optional;

/** A research project's natural key: the cluster and the Kubernetes namespace. */
public record ProjectKey(String cluster, String namespace) {

    /** A Kubernetes namespace is a DNS label: at most 63 characters. */
    public static final int NAMESPACE_MAX_LENGTH = 63;
    private static final String PREFIX = "/projects/";

    /**
     * The project a Keycloak group path names ({@code /projects/<cluster>/<namespace>}); empty for any other group,
     * including parents such as {@code /projects/<cluster>}, which grant nothing by themselves.
     */
    public static Optional<ProjectKey> fromGroupPath(String path) {
        if (path == null || !path.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String[] parts = path.substring(PREFIX.length()).split("/", -1);
        if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ProjectKey(parts[0], parts[1]));
    }
}
