package org.aitelemetry.devkit.prometheus;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.aitelemetry.devkit.LoopbackHttpComponent;

/**
 * A protocol-level stand-in for the faults of a Thanos Querier or Observatorium front that a real Prometheus cannot
 * produce: it forwards queries to a real Prometheus and, depending on its {@link Mode}, answers as those fronts do when
 * overloaded, rate-limiting, partially failing, cut off or slow. Responses keep Prometheus's JSON envelope.
 */
public final class FaultyFront extends LoopbackHttpComponent {

    /** How the front answers the next requests. */
    public enum Mode {
        /** Forwards faithfully. */
        PASS,
        /** 503 with errorType unavailable, as Thanos answers when its stores are down. */
        UNAVAILABLE,
        /** 422 with errorType execution: a final, non-transient error. */
        UNPROCESSABLE,
        /** 429 with Retry-After: 1. */
        RATE_LIMITED,
        /** The real answer with a partial-response warning added, as Thanos does when a store fails. */
        WARNINGS,
        /** The first half of the real answer only. */
        TRUNCATED,
        /** Answers after {@link #SLOW_DELAY}: longer than any sane client deadline in tests. */
        SLOW
    }

    public static final Duration SLOW_DELAY = Duration.ofSeconds(5);
    public static final String PARTIAL_WARNING = "partial response: store 10.0.0.7:10901 unavailable";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String upstream;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final AtomicInteger requests = new AtomicInteger();
    private volatile Mode mode = Mode.PASS;
    private volatile String requiredBearerToken;

    public FaultyFront(String upstream) {
        super(8);
        this.upstream = upstream;
    }

    @Override
    public String name() {
        return "faulty-front";
    }

    public void mode(Mode next) {
        mode = next;
    }

    /**
     * Makes the front answer 401 to requests without {@code Authorization: Bearer <token>}, as the kube-rbac-proxy in
     * front of OpenShift's Thanos Querier does.
     */
    public void requireBearerToken(String token) {
        requiredBearerToken = token;
    }

    /** Requests received so far, whatever the mode. */
    public int requests() {
        return requests.get();
    }

    @Override
    protected void handle(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        try (exchange) {
            Mode current = mode;
            String token = requiredBearerToken;
            if (token != null && !("Bearer " + token).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                send(exchange, 401, "Unauthorized".getBytes(StandardCharsets.UTF_8));
                return;
            }
            switch (current) {
                case UNAVAILABLE -> error(exchange, 503, "unavailable", "no store matched this time range");
                case UNPROCESSABLE -> error(exchange, 422, "execution", "query processing would load too many samples");
                case RATE_LIMITED -> {
                    exchange.getResponseHeaders().add("Retry-After", "1");
                    error(exchange, 429, "unavailable", "too many requests");
                }
                default -> forward(exchange, current);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void forward(HttpExchange exchange, Mode current) throws IOException, InterruptedException {
        if (current == Mode.SLOW) {
            Thread.sleep(SLOW_DELAY.toMillis());
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(upstream + exchange.getRequestURI()))
                .timeout(Duration.ofSeconds(30));
        String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        byte[] body = exchange.getRequestBody().readAllBytes();
        request.method(exchange.getRequestMethod(), body.length == 0
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        byte[] answer = response.body();
        if (current == Mode.WARNINGS && response.statusCode() == 200) {
            ObjectNode envelope = (ObjectNode) JSON.readTree(answer);
            envelope.putArray("warnings").add(PARTIAL_WARNING);
            answer = JSON.writeValueAsBytes(envelope);
        } else if (current == Mode.TRUNCATED) {
            answer = Arrays.copyOf(answer, answer.length / 2);
        }
        send(exchange, response.statusCode(), answer);
    }

    private static void error(HttpExchange exchange, int status, String type, String message) throws IOException {
        send(exchange, status, ("{\"status\":\"error\",\"errorType\":\"" + type + "\",\"error\":\"" + message + "\"}")
                .getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
