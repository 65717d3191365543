package org.aitelemetry.worker.span;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Links to a session's trace in Tempo, from {@code telemetry.tracing.trace-url-template} ({@code {traceId}} replaced). */
@ApplicationScoped
public class TraceUrls {

    private final Optional<String> template;

    TraceUrls(@ConfigProperty(name = "telemetry.tracing.trace-url-template") Optional<String> template) {
        this.template = template;
    }

    /** The trace's URL, or null when no template is configured. */
    public String urlFor(String traceId) {
        return template.map(url -> url.replace("{traceId}", traceId)).orElse(null);
    }
}
