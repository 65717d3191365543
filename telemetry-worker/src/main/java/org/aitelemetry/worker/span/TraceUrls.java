package org.aitelemetry.worker.span;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Objects;
import java.util.Optional;

/**
 * Links to a session's trace ({@code telemetry.tracing.trace-url-template}). Tempo finds very old, long spans by trace
 * id rather than by time range, so the session service stores the link when it opens a session. A template that could
 * never make an http(s) link stops the start, naming the property.
 */
@Startup
@ApplicationScoped
public class TraceUrls {

    /** Where the trace id goes in the template. */
    public static final String TRACE_ID = "{traceId}";

    private static final String PROPERTY = "telemetry.tracing.trace-url-template";

    private final String template;

    @Inject
    TraceUrls(TracingConfig config) {
        this(config.traceUrlTemplate());
    }

    TraceUrls(Optional<String> template) {
        this.template = template.map(String::trim).filter(value -> !value.isEmpty()).map(TraceUrls::checked)
                .orElse(null);
    }

    /** The link to the trace, or null when no template is configured. */
    public String urlFor(String traceId) {
        Objects.requireNonNull(traceId, "traceId");
        return template == null ? null : template.replace(TRACE_ID, traceId);
    }

    private static String checked(String template) {
        if (!template.contains(TRACE_ID)) {
            throw new IllegalArgumentException(PROPERTY + " must contain " + TRACE_ID + ": '" + template + "'");
        }
        ConfiguredUrl.check(PROPERTY, template.replace(TRACE_ID, "0".repeat(32)));
        return template;
    }
}
