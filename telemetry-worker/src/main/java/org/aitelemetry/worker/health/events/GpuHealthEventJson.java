package org.aitelemetry.worker.health.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The JSON form of a {@link GpuHealthEvent}: snake_case, every field (nulls written), instants as ISO-8601 UTC text.
 * A mapper of its own, so that the REST layer's JSON settings never change what consumers of the topic read.
 */
final class GpuHealthEventJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .serializationInclusion(JsonInclude.Include.ALWAYS)
            .build();

    private GpuHealthEventJson() {
    }

    static String write(GpuHealthEvent event) throws JsonProcessingException {
        return MAPPER.writeValueAsString(event);
    }
}
