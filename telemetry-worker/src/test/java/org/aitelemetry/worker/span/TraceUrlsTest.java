package org.aitelemetry.worker.span;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class TraceUrlsTest {

    private static final String TRACE_ID = "1044e301cdf796d7f7fa3ed269500ed5";

    @Test
    void fillsTheTraceIdIntoTheTemplate() {
        TraceUrls urls = new TraceUrls(Optional.of("https://tempo.example/trace/{traceId}?orgId=1"));

        assertThat(urls.urlFor(TRACE_ID)).isEqualTo("https://tempo.example/trace/" + TRACE_ID + "?orgId=1");
    }

    @Test
    void withoutATemplateThereIsNoLink() {
        assertThat(new TraceUrls(Optional.empty()).urlFor(TRACE_ID)).isNull();
        assertThat(new TraceUrls(Optional.of("  ")).urlFor(TRACE_ID)).isNull();
    }

    @Test
    void aTemplateThatCanNeverLinkATraceIsRefusedNamingTheProperty() {
        assertThatThrownBy(() -> new TraceUrls(Optional.of("https://tempo.example/trace/")))
                .hasMessageContaining("telemetry.tracing.trace-url-template").hasMessageContaining("{traceId}");
        assertThatThrownBy(() -> new TraceUrls(Optional.of("javascript:alert('{traceId}')")))
                .hasMessageContaining("telemetry.tracing.trace-url-template");
        assertThatThrownBy(() -> new TraceUrls(Optional.of("https://tempo example/{traceId}")))
                .hasMessageContaining("telemetry.tracing.trace-url-template");
    }
}
