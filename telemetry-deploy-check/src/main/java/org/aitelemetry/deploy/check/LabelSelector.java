package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/** Kubernetes label selectors: a plain map (Services) or {@code matchLabels} plus {@code matchExpressions}. */
final class LabelSelector {

    private LabelSelector() {
    }

    /** A Service's {@code spec.selector}: every pair must be among the labels. */
    static boolean mapMatches(JsonNode selector, Map<String, String> labels) {
        Iterator<Map.Entry<String, JsonNode>> fields = selector.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!field.getValue().asText().equals(labels.get(field.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** A {@code LabelSelector} object; an empty one matches everything. */
    static boolean matches(JsonNode selector, Map<String, String> labels) {
        if (!mapMatches(selector.path("matchLabels"), labels)) {
            return false;
        }
        for (JsonNode expression : selector.path("matchExpressions")) {
            if (!expressionMatches(expression, labels)) {
                return false;
            }
        }
        return true;
    }

    private static boolean expressionMatches(JsonNode expression, Map<String, String> labels) {
        String key = expression.path("key").asText();
        Set<String> values = new HashSet<>();
        expression.path("values").forEach(v -> values.add(v.asText()));
        return switch (expression.path("operator").asText()) {
            case "In" -> labels.containsKey(key) && values.contains(labels.get(key));
            case "NotIn" -> !labels.containsKey(key) || !values.contains(labels.get(key));
            case "Exists" -> labels.containsKey(key);
            case "DoesNotExist" -> !labels.containsKey(key);
            default -> false;
        };
    }
}
