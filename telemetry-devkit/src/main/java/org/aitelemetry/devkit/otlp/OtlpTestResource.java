package org.aitelemetry.devkit.otlp;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * An {@link OtlpReceiver} per application start, for the worker's tests. The app gets the receiver both as Quarkus's
 * OTLP exporter endpoint (a base URL: Quarkus adds {@code /v1/traces} to the traces endpoint too) and as
 * {@value #OTLP_ENDPOINT}, the full traces URL for an exporter built on the OpenTelemetry SDK.
 */
public final class OtlpTestResource implements QuarkusTestResourceLifecycleManager {

    public static final String OTLP_ENDPOINT = "telemetry.tracing.otlp-endpoint";

    private OtlpReceiver receiver;

    @Override
    public Map<String, String> start() {
        receiver = new OtlpReceiver();
        try {
            receiver.start();
        } catch (IOException e) {
            throw new UncheckedIOException("the OTLP receiver did not start", e);
        }
        return Map.of(
                "quarkus.otel.exporter.otlp.traces.endpoint", receiver.url(),
                "quarkus.otel.exporter.otlp.endpoint", receiver.url(),
                "quarkus.otel.exporter.otlp.traces.protocol", "http/protobuf",
                OTLP_ENDPOINT, receiver.tracesUrl());
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(receiver,
                new TestInjector.AnnotatedAndMatchesType(InjectOtlp.class, OtlpReceiver.class));
    }

    @Override
    public void stop() {
        if (receiver != null) {
            receiver.close();
        }
    }
}
