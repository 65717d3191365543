package org.aitelemetry.devkit.otlp;

import com.sun.net.httpserver.HttpExchange;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;
import org.aitelemetry.devkit.LoopbackHttpComponent;

/**
 * An OTLP/HTTP trace receiver, standing in for the OpenTelemetry collector before Tempo, so that tests exercise the
 * real exporter path end to end. Accepts {@code POST /v1/traces} as protobuf or OTLP/JSON, plain or gzipped, answers
 * 200 with an empty {@code ExportTraceServiceResponse} and keeps the spans in arrival order. Two faults for exporter
 * tests: {@link #respondUnavailable(boolean) answering 503} and {@link #stop() refusing connections}; {@link #start()}
 * then brings it back on the same port.
 */
public final class OtlpReceiver extends LoopbackHttpComponent {

    public static final String TRACES_PATH = "/v1/traces";
    /** {@code GET /traces/<trace id>}: the received spans of one trace as a page (Tempo's view, locally). */
    public static final String TRACE_PAGE_PREFIX = "/traces/";

    private final List<ReceivedSpan> spans = new ArrayList<>();
    private final AtomicInteger requests = new AtomicInteger();
    private volatile boolean unavailable;

    public OtlpReceiver() {
        super(4);
    }

    @Override
    public String name() {
        return "otlp-receiver";
    }

    /** Stops and forgets what it received. */
    @Override
    public void close() {
        super.close();
        clear();
    }

    /** The full traces URL, for exporters that take it as it is (the SDK's {@code OtlpHttpSpanExporter}). */
    public String tracesUrl() {
        return url() + TRACES_PATH;
    }

    /** While true, export requests get 503 with {@code Retry-After: 1}, as a collector whose queue is full. */
    public void respondUnavailable(boolean on) {
        unavailable = on;
    }

    /** Export requests received so far, whatever the answer: 503s and malformed requests count too. */
    public int requests() {
        return requests.get();
    }

    public List<ReceivedSpan> spans() {
        synchronized (spans) {
            return List.copyOf(spans);
        }
    }

    /** The spans of one trace, in arrival order; the id is hex in either case. */
    public List<ReceivedSpan> spans(String traceIdHex) {
        String traceId = traceIdHex.toLowerCase(Locale.ROOT);
        return spans().stream().filter(span -> span.traceIdHex().equals(traceId)).toList();
    }

    /** Waits until at least {@code count} spans have arrived and returns all of them. */
    public List<ReceivedSpan> awaitSpans(int count, Duration patience) throws InterruptedException {
        Instant deadline = Instant.now().plus(patience);
        synchronized (spans) {
            while (spans.size() < count) {
                long left = Duration.between(Instant.now(), deadline).toMillis();
                if (left <= 0) {
                    throw new IllegalStateException("expected " + count + " spans within " + patience + ", received "
                            + spans.size() + " in " + requests() + " requests: "
                            + spans.stream().map(ReceivedSpan::name).toList());
                }
                spans.wait(left);
            }
            return List.copyOf(spans);
        }
    }

    /** Forgets the spans and the request count. */
    public void clear() {
        synchronized (spans) {
            spans.clear();
            requests.set(0);
        }
    }

    @Override
    protected void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (path.startsWith(TRACE_PAGE_PREFIX) && exchange.getRequestMethod().equals("GET")) {
                tracePage(exchange, path.substring(TRACE_PAGE_PREFIX.length()));
            } else if (!path.equals(TRACES_PATH)) {
                exchange.sendResponseHeaders(404, -1);
            } else if (!exchange.getRequestMethod().equals("POST")) {
                exchange.sendResponseHeaders(405, -1);
            } else {
                requests.incrementAndGet();
                export(exchange);
            }
        }
    }

    /** Where the page of a trace is: the worker's trace-url-template, with {@code {traceId}} in place of the id. */
    public String traceUrlTemplate() {
        return url() + TRACE_PAGE_PREFIX + "{traceId}";
    }

    private void tracePage(HttpExchange exchange, String traceIdHex) throws IOException {
        byte[] body = TracePage.render(traceIdHex, spans(traceIdHex)).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private void export(HttpExchange exchange) throws IOException {
        if (unavailable) {
            exchange.getResponseHeaders().set("Retry-After", "1");
            exchange.sendResponseHeaders(503, -1);
            return;
        }
        Optional<ExportEncoding> encoding = ExportEncoding.of(exchange.getRequestHeaders().getFirst("Content-Type"));
        String contentEncoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
        boolean gzip = "gzip".equalsIgnoreCase(contentEncoding);
        if (encoding.isEmpty() || !(gzip || contentEncoding == null || "identity".equalsIgnoreCase(contentEncoding))) {
            exchange.sendResponseHeaders(415, -1);
            return;
        }
        ExportTraceServiceRequest request;
        try (InputStream body = gzip ? new GZIPInputStream(exchange.getRequestBody()) : exchange.getRequestBody()) {
            request = encoding.get().decode(body.readAllBytes());
        } catch (IOException | IllegalArgumentException e) {
            // OTLP: a request that cannot be decoded is answered 400 and must not be retried.
            exchange.sendResponseHeaders(400, -1);
            return;
        }
        receive(SpanDecoder.spans(request));
        ok(exchange, encoding.get());
    }

    private void receive(List<ReceivedSpan> decoded) {
        synchronized (spans) {
            spans.addAll(decoded);
            spans.notifyAll();
        }
    }

    /** The empty protobuf response is zero bytes; the empty JSON one is an empty object. */
    private static void ok(HttpExchange exchange, ExportEncoding encoding) throws IOException {
        byte[] body = encoding.emptyResponse();
        exchange.getResponseHeaders().set("Content-Type", encoding.contentType());
        exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
