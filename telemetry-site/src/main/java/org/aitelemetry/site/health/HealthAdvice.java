package org.aitelemetry.site.health;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.aitelemetry.site.api.Rows;

/**
 * What to do about a verdict (schema {@code HealthAdvice}): an action (rerun, reset_gpu, drain_reboot, inspect_pcie,
 * check_cooling, rma, watch), in a sentence, and the evidence kinds it rests on.
 */
public record HealthAdvice(String action, String summary, List<String> because) {

    public static List<HealthAdvice> of(JsonArray array) {
        return Rows.objects(array).map(item -> new HealthAdvice(item.getString("action", "watch"),
                item.getString("summary", ""), because(item))).toList();
    }

    /** The worker writes the kinds under {@code because}; V11's comment called the field {@code evidence}. */
    private static List<String> because(JsonObject item) {
        Object kinds = item.getValue("because", item.getValue("evidence"));
        return kinds instanceof JsonArray array ? array.stream().map(String::valueOf).toList() : List.of();
    }
}
