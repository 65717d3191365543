package org.aitelemetry.devkit.otlp;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The receiver's faults as the SDK exporter sees them: the export fails, and succeeds once the fault is gone. */
class OtlpReceiverFaultsTest {

    private static final Instant START = Instant.parse("2026-11-21T10:00:00Z");
    private static final SpanData SPAN = Exporters.span("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331", null,
            START, START.plusSeconds(3600)).build();

    private final OtlpReceiver receiver = new OtlpReceiver();
    private OtlpHttpSpanExporter exporter;

    @BeforeEach
    void start() throws Exception {
        receiver.start();
        exporter = Exporters.protobuf(receiver);
    }

    @AfterEach
    void stop() {
        exporter.shutdown().join(5, TimeUnit.SECONDS);
        receiver.close();
    }

    @Test
    void unavailableReceiverFailsTheExportUntilItRecovers() throws Exception {
        receiver.respondUnavailable(true);

        assertThat(Exporters.export(exporter, SPAN)).isFalse();
        assertThat(receiver.requests()).as("503 is retryable: both attempts arrive").isEqualTo(2);
        assertThat(receiver.spans()).isEmpty();

        receiver.respondUnavailable(false);
        assertThat(Exporters.export(exporter, SPAN)).isTrue();
        assertThat(receiver.spans()).hasSize(1);
    }

    @Test
    void answersUnavailableWithRetryAfter() throws Exception {
        receiver.respondUnavailable(true);
        HttpRequest request = HttpRequest.newBuilder(URI.create(receiver.tracesUrl()))
                .header("Content-Type", "application/x-protobuf").POST(HttpRequest.BodyPublishers.noBody()).build();

        HttpResponse<Void> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.discarding());

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
    }

    @Test
    void stoppedReceiverRefusesConnectionsAndComesBackOnTheSamePort() throws Exception {
        assertThat(Exporters.export(exporter, SPAN)).isTrue();
        int port = receiver.port();

        receiver.stop();
        assertThat(Exporters.export(exporter, SPAN)).isFalse();

        receiver.start();
        assertThat(receiver.port()).isEqualTo(port);
        assertThat(Exporters.export(exporter, SPAN)).isTrue();
        assertThat(receiver.spans()).as("spans received before the stop are kept").hasSize(2);
        assertThat(receiver.requests()).isEqualTo(2);
    }
}
