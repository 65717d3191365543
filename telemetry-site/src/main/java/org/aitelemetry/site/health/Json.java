package org.aitelemetry.site.health;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.stream.Stream;

/** Reading the worker's jsonb arrays defensively: null or a stray non-object entry is no evidence, never an error. */
final class Json {

    private Json() {
    }

    static Stream<JsonObject> objects(JsonArray array) {
        return array == null ? Stream.empty()
                : array.stream().filter(JsonObject.class::isInstance).map(JsonObject.class::cast);
    }
}
