package org.aitelemetry.devkit.otlp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.StatusData;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OtlpReceiverTest {

    private static final String TRACE_ID = "5b8efff798038103d269b633813fc60c";
    private static final String SPAN_ID = "eee19b7ec3c1b174";
    private static final String CHILD_ID = "2c4b1e3f8a9d0e17";
    private static final Instant START = Instant.parse("2026-11-21T10:15:30.123456789Z");
    private static final Instant END = Instant.parse("2026-11-21T13:02:07.987654321Z");

    private final OtlpReceiver receiver = new OtlpReceiver();
    private final HttpClient http = HttpClient.newHttpClient();
    private OtlpHttpSpanExporter exporter;

    @BeforeEach
    void start() throws Exception {
        receiver.start();
    }

    @AfterEach
    void stop() {
        if (exporter != null) {
            exporter.shutdown().join(5, TimeUnit.SECONDS);
        }
        receiver.close();
    }

    @Test
    void decodesWhatTheSdkExporterSendsExactly() throws Exception {
        exporter = Exporters.protobuf(receiver);
        Attributes attributes = Attributes.builder()
                .put("k8s.namespace.name", "team-a")
                .put("gpu.index", 3L)
                .put("gpu.utilization.avg", 87.25)
                .put("gpu.mig", true)
                .put(AttributeKey.stringArrayKey("alert.names"), List.of("GpuInUse", "MigInUse"))
                .put(AttributeKey.longArrayKey("gpu.indexes"), List.of(0L, 1L))
                .build();
        EventData event = EventData.create(Exporters.nanos(START.plusSeconds(60)), "gpu.health.changed",
                Attributes.builder().put("gpu.health", "DEGRADED").build());
        var root = Exporters.span(TRACE_ID, SPAN_ID, null, START, END).setAttributes(attributes)
                .setTotalAttributeCount(attributes.size()).setEvents(List.of(event)).setTotalRecordedEvents(1).build();
        var child = Exporters.span(TRACE_ID, CHILD_ID, SPAN_ID, START, START).setName("gpu.usage.start")
                .setAttributes(Attributes.empty()).setStatus(StatusData.create(StatusCode.ERROR, "xid 79")).build();

        assertThat(Exporters.export(exporter, root, child)).isTrue();

        assertThat(receiver.requests()).isEqualTo(1);
        List<ReceivedSpan> spans = receiver.spans();
        assertThat(spans).hasSize(2);
        ReceivedSpan span = spans.get(0);
        assertThat(span.traceIdHex()).isEqualTo(TRACE_ID);
        assertThat(span.spanIdHex()).isEqualTo(SPAN_ID);
        assertThat(span.parentSpanIdHex()).isNull();
        assertThat(span.name()).isEqualTo("gpu.usage");
        assertThat(span.kind()).isEqualTo("INTERNAL");
        assertThat(span.startTime()).isEqualTo(START);
        assertThat(span.endTime()).isEqualTo(END);
        assertThat(span.attributes()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "k8s.namespace.name", "team-a", "gpu.index", 3L, "gpu.utilization.avg", 87.25, "gpu.mig", true,
                "alert.names", List.of("GpuInUse", "MigInUse"), "gpu.indexes", List.of(0L, 1L)));
        assertThat(span.resourceAttributes()).containsEntry("service.name", "ai-telemetry-gpu-usage");
        assertThat(span.eventNames()).containsExactly("gpu.health.changed");
        assertThat(span.events().get(0).time()).isEqualTo(START.plusSeconds(60));
        assertThat(span.events().get(0).attributes()).isEqualTo(Map.of("gpu.health", "DEGRADED"));
        assertThat(span.status()).isEqualTo(new ReceivedSpan.Status("UNSET", ""));

        ReceivedSpan start = spans.get(1);
        assertThat(start.parentSpanIdHex()).isEqualTo(SPAN_ID);
        assertThat(start.endTime()).isEqualTo(start.startTime());
        assertThat(start.status()).isEqualTo(new ReceivedSpan.Status("ERROR", "xid 79"));
        assertThat(receiver.spans(TRACE_ID.toUpperCase())).hasSize(2);
        assertThat(receiver.spans("00000000000000000000000000000001")).isEmpty();
    }

    @Test
    void decodesGzippedRequests() throws Exception {
        exporter = Exporters.gzip(receiver);

        assertThat(Exporters.export(exporter, Exporters.span(TRACE_ID, SPAN_ID, null, START, END).build())).isTrue();

        assertThat(receiver.spans()).singleElement().satisfies(span -> {
            assertThat(span.spanIdHex()).isEqualTo(SPAN_ID);
            assertThat(span.endTime()).isEqualTo(END);
        });
    }

    @Test
    void decodesOtlpJsonWithHexIds() throws Exception {
        String body = """
                {"resourceSpans": [{
                  "resource": {"attributes": [
                    {"key": "service.name", "value": {"stringValue": "ai-telemetry-gpu-usage"}}]},
                  "scopeSpans": [{"scope": {"name": "test"}, "spans": [{
                    "traceId": "%s", "spanId": "%s", "parentSpanId": "", "name": "gpu.usage", "kind": 1,
                    "startTimeUnixNano": "%d", "endTimeUnixNano": "%d",
                    "attributes": [{"key": "gpu.index", "value": {"intValue": "3"}}],
                    "status": {"code": 1}
                  }]}]
                }]}
                """.formatted(TRACE_ID.toUpperCase(), SPAN_ID, Exporters.nanos(START), Exporters.nanos(END));

        HttpResponse<String> response = post("application/json", body.getBytes(StandardCharsets.UTF_8));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(receiver.spans()).singleElement().satisfies(span -> {
            assertThat(span.traceIdHex()).isEqualTo(TRACE_ID);
            assertThat(span.spanIdHex()).isEqualTo(SPAN_ID);
            assertThat(span.parentSpanIdHex()).isNull();
            assertThat(span.kind()).isEqualTo("INTERNAL");
            assertThat(span.startTime()).isEqualTo(START);
            assertThat(span.attributes()).isEqualTo(Map.of("gpu.index", 3L));
            assertThat(span.status().code()).isEqualTo("OK");
            assertThat(span.resourceAttributes()).containsEntry("service.name", "ai-telemetry-gpu-usage");
        });
    }

    @Test
    void refusesWhatIsNotAnOtlpTraceExport() throws Exception {
        assertThat(post("text/plain", new byte[] {1}).statusCode()).isEqualTo(415);
        assertThat(post("application/x-protobuf", new byte[] {(byte) 0xff, 0x01}).statusCode()).isEqualTo(400);
        assertThat(post("application/json", "{\"resourceSpans\": [".getBytes(StandardCharsets.UTF_8)).statusCode())
                .isEqualTo(400);
        HttpRequest get = HttpRequest.newBuilder(URI.create(receiver.tracesUrl())).GET().build();
        assertThat(http.send(get, HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(405);
        HttpRequest metrics = HttpRequest.newBuilder(URI.create(receiver.url() + "/v1/metrics"))
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        assertThat(http.send(metrics, HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(404);
        assertThat(receiver.spans()).isEmpty();
        assertThat(receiver.requests()).as("POSTs to the traces path").isEqualTo(3);
    }

    @Test
    void awaitsSpansThatArriveLaterAndSaysWhatCameWhenTheyDoNot() throws Exception {
        exporter = Exporters.protobuf(receiver);
        exporter.export(List.of(Exporters.span(TRACE_ID, SPAN_ID, null, START, END).build()));

        assertThat(receiver.awaitSpans(1, Duration.ofSeconds(5))).extracting(ReceivedSpan::spanIdHex)
                .containsExactly(SPAN_ID);
        assertThatThrownBy(() -> receiver.awaitSpans(2, Duration.ofMillis(100)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("expected 2 spans").hasMessageContaining("received 1 in 1 requests");

        receiver.clear();
        assertThat(receiver.spans()).isEmpty();
        assertThat(receiver.requests()).isZero();
    }

    private HttpResponse<String> post(String contentType, byte[] body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(receiver.tracesUrl()))
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
