package org.aitelemetry.deploy.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/** One rendered Kubernetes object, read through its JSON tree. */
public record KubeObject(ObjectNode body) {

    public String apiVersion() {
        return body.path("apiVersion").asText("");
    }

    public String kind() {
        return body.path("kind").asText("");
    }

    public String name() {
        return body.path("metadata").path("name").asText("");
    }

    /** The namespace, or "" for a cluster-scoped object. */
    public String namespace() {
        return body.path("metadata").path("namespace").asText("");
    }

    public Map<String, String> labels() {
        return stringMap(body.path("metadata").path("labels"));
    }

    /** The node at a JSON pointer, e.g. {@code /spec/selector}; a missing node when absent. */
    public JsonNode at(String pointer) {
        return body.at(pointer);
    }

    /** {@code Kind namespace/name}, as findings name objects. */
    public String id() {
        return kind() + " " + (namespace().isEmpty() ? "" : namespace() + "/") + name();
    }

    static Map<String, String> stringMap(JsonNode node) {
        Map<String, String> map = new LinkedHashMap<>();
        node.fields().forEachRemaining(field -> map.put(field.getKey(), field.getValue().asText()));
        return map;
    }
}
