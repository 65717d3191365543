package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.aitelemetry.deploy.render.Manifests;

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

    /** Null when the Secret is among the manifests or listed here, else the finding's message. */
    String missingSecret(Manifests manifests, String namespace, String name) {
        return manifests.find("Secret", namespace, name).isPresent() || secrets.contains(namespace + "/" + name)
                ? null : "Secret " + name + " is neither in the manifests nor listed in external-objects.yaml";
    }

    private static Set<String> keys(JsonNode node) {
        Set<String> keys = new HashSet<>();
        node.fieldNames().forEachRemaining(keys::add);
        return Set.copyOf(keys);
    }
}
