package org.aitelemetry.worker.allocation;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads the allocations ColdFront's cloud plugin lists: per allocation its project ({@code title}, {@code pi} as a
 * username, {@code field_of_science}), its {@code resource} ({@code name}, {@code resource_type}) and its
 * {@code attributes}, of which {@code Allocated Project ID} is the OpenShift project the allocation provisioned.
 * Allocations without one (OpenStack's, or not provisioned yet) name no namespace and are left out.
 */
final class ColdFrontAllocations {

    static final String ALLOCATED_PROJECT_ID = "Allocated Project ID";
    /** A Kubernetes namespace: what else the attribute holds names no project of ours. */
    private static final Pattern NAMESPACE = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

    /** One namespace's facts as ColdFront says them; institution is not among them. */
    record Allocated(String cluster, String namespace, ProjectMetadata metadata) {
    }

    /** @param skipped allocations naming no namespace, or malformed */
    record Listing(List<Allocated> allocated, int skipped) {
    }

    private final Map<String, String> clusterByResource;

    ColdFrontAllocations(Map<String, String> clusterByResource) {
        this.clusterByResource = Map.copyOf(clusterByResource);
    }

    /** The listing; a body that is no JSON array of objects fails with the reason. */
    Listing read(String body) {
        JsonArray allocations;
        try {
            allocations = new JsonArray(body);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("ColdFront's allocations are not a JSON array: " + e.getMessage(), e);
        }
        List<Allocated> allocated = new ArrayList<>();
        int skipped = 0;
        for (Object item : allocations) {
            Allocated one = item instanceof JsonObject allocation ? allocated(allocation) : null;
            if (one == null) {
                skipped++;
            } else {
                allocated.add(one);
            }
        }
        return new Listing(allocated, skipped);
    }

    private Allocated allocated(JsonObject allocation) {
        JsonObject project = object(allocation, "project");
        JsonObject resource = object(allocation, "resource");
        String namespace = text(object(allocation, "attributes"), ALLOCATED_PROJECT_ID);
        String resourceName = text(resource, "name");
        Object id = allocation.getValue("id");
        if (namespace == null || !NAMESPACE.matcher(namespace).matches() || resourceName == null
                || !(id instanceof Integer || id instanceof Long)) {
            return null;
        }
        Object projectId = project.getValue("id");
        return new Allocated(clusterByResource.getOrDefault(resourceName, resourceName), namespace,
                new ProjectMetadata(ProjectField.TITLE.stored(text(project, "title")),
                        ProjectField.PI.stored(text(project, "pi")), null, id.toString(),
                        projectId instanceof Number ? projectId.toString() : null,
                        ProjectField.FIELD_OF_SCIENCE.stored(text(project, "field_of_science"))));
    }

    private static JsonObject object(JsonObject parent, String key) {
        return parent.getValue(key) instanceof JsonObject child ? child : new JsonObject();
    }

    private static String text(JsonObject parent, String key) {
        return parent.getValue(key) instanceof String value && !value.isBlank() ? value.strip() : null;
    }
}
