package org.aitelemetry.site.project;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.OffsetDateTime;

/** The usage of one hour or day (schema {@code UsageBucket}: the figures beside the start). */
public record UsageBucket(OffsetDateTime start, @JsonUnwrapped UsageFigures figures) {
}
