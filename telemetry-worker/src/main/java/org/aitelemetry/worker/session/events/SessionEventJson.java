package org.aitelemetry.worker.session.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The JSON form of a {@link SessionEvent}: one object with every field, null ones included, instants as ISO-8601 UTC
 * text. A mapper of its own, not the REST layer's, so that a change to the API's JSON settings never changes what
 * consumers of the topic read.
 */
final class SessionEventJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .serializationInclusion(JsonInclude.Include.ALWAYS)
            .build();

    private SessionEventJson() {
    }

    static String write(SessionEvent event) throws JsonProcessingException {
        return MAPPER.writeValueAsString(event);
    }
}
