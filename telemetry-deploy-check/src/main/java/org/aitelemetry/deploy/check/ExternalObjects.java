package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Objects the manifests refer to but do not create (deploy/openshift/external-objects.yaml): Secrets that operators
 * or the installer create, and the cluster's own ClusterRoles. A reference to anything else must resolve within the
 * rendered overlay.
 */
public record ExternalObjects(Set<String> secrets, Set<String> clusterRoles) {

    /** Reads the file: {@code secrets: {<namespace>/<name>: <who creates it>}}, {@code clusterRoles: {<name>: ...}}. */
    public static ExternalObjects read(Path file) {
        try {
            JsonNode root = new YAMLMapper().readTree(file.toFile());
            return new ExternalObjects(keys(root.path("secrets")), keys(root.path("clusterRoles")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean hasSecret(String namespace, String name) {
        return secrets.contains(namespace + "/" + name);
    }

    private static Set<String> keys(JsonNode node) {
        Set<String> keys = new HashSet<>();
        node.fieldNames().forEachRemaining(keys::add);
        return Set.copyOf(keys);
    }
}
