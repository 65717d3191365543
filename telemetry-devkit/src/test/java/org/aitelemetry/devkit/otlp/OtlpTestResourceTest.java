package org.aitelemetry.devkit.otlp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OtlpTestResourceTest {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void pointsQuarkusAndTheSdkExporterAtARunningReceiver() throws Exception {
        OtlpTestResource resource = new OtlpTestResource();
        Map<String, String> config = resource.start();
        String base = config.get("quarkus.otel.exporter.otlp.traces.endpoint");

        assertThat(base).matches("http://127\\.0\\.0\\.1:\\d+");
        assertThat(config).containsEntry("quarkus.otel.exporter.otlp.endpoint", base)
                .containsEntry("quarkus.otel.exporter.otlp.traces.protocol", "http/protobuf")
                .containsEntry(OtlpTestResource.OTLP_ENDPOINT, base + "/v1/traces");
        assertThat(post(config.get(OtlpTestResource.OTLP_ENDPOINT))).isEqualTo(200);

        resource.stop();
        assertThatThrownBy(() -> post(config.get(OtlpTestResource.OTLP_ENDPOINT)))
                .isInstanceOf(ConnectException.class);
    }

    private int post(String url) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/x-protobuf")
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
