package org.aitelemetry.worker.span;

import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Sends spans with the OpenTelemetry SDK's OTLP/HTTP exporter (protobuf) to {@code telemetry.tracing.otlp-endpoint}.
 * The exporter's own retries are off: the outbox retries, with its backoff, and only what the collector acknowledged
 * with a 2xx counts as sent. Created at start, so that a malformed endpoint stops the start naming the property.
 */
@Startup
@ApplicationScoped
class OtlpSpanSender {

    private static final String PROPERTY = "telemetry.tracing.otlp-endpoint";

    private final OtlpHttpSpanExporter exporter;

    OtlpSpanSender(TracingConfig config) {
        this.exporter = config.otlpEndpoint().map(String::trim).filter(url -> !url.isEmpty())
                .map(url -> OtlpHttpSpanExporter.builder()
                        .setEndpoint(ConfiguredUrl.check(PROPERTY, url).toString())
                        .setTimeout(config.exportTimeout())
                        .setConnectTimeout(config.exportTimeout())
                        .setRetryPolicy(null)
                        .build())
                .orElse(null);
    }

    /** Whether an endpoint is configured; without one, spans stay in the outbox. */
    boolean configured() {
        return exporter != null;
    }

    /** Completes once the collector acknowledged every span; fails with the reason otherwise. */
    Uni<Void> send(List<SpanData> spans) {
        if (exporter == null) {
            return Uni.createFrom().failure(new SpanExportException("no " + PROPERTY + " configured"));
        }
        return Uni.createFrom().emitter(emitter -> {
            CompletableResultCode result = exporter.export(spans);
            result.whenComplete(() -> {
                if (result.isSuccess()) {
                    emitter.complete(null);
                } else {
                    emitter.fail(SpanExportException.of(result.getFailureThrowable()));
                }
            });
        });
    }

    @PreDestroy
    void close() {
        if (exporter != null) {
            exporter.shutdown().join(5, TimeUnit.SECONDS);
        }
    }

    /** The collector did not acknowledge an export. */
    static final class SpanExportException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        SpanExportException(String message) {
            super(message);
        }

        static SpanExportException of(Throwable cause) {
            String reason = cause == null ? "the export failed (see the exporter's log)"
                    : cause.getMessage() == null ? cause.toString() : cause.getMessage();
            SpanExportException exception = new SpanExportException(reason);
            if (cause != null) {
                exception.initCause(cause);
            }
            return exception;
        }
    }
}
