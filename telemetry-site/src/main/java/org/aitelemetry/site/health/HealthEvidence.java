package org.aitelemetry.site.health;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.aitelemetry.site.api.Rows;

/**
 * One piece of evidence behind a verdict as the worker stored it (schema {@code HealthEvidence}): kind and severity
 * are passed through as written, so a kind the site does not know yet still shows.
 */
public record HealthEvidence(String kind, String severity, String test, String summary, Map<String, Object> details) {

    /** The evidence of a jsonb array; entries that are not objects are skipped. */
    public static List<HealthEvidence> of(JsonArray array) {
        return Rows.objects(array).map(item -> new HealthEvidence(item.getString("kind", "unknown"),
                item.getString("severity", "info"), item.getString("test"), item.getString("summary", ""),
                details(item))).toList();
    }

    private static Map<String, Object> details(JsonObject item) {
        return item.getValue("details") instanceof JsonObject details ? details.getMap() : Map.of();
    }
}
