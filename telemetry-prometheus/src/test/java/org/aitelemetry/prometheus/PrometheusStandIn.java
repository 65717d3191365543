package org.aitelemetry.prometheus;

import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.net.URI;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A Prometheus/Thanos query API on loopback, at the protocol level: real HTTP (or HTTPS), replies with the JSON bodies
 * and status codes those servers send. It answers with its scripted replies in order, the last one for every further
 * request, and records what it was asked.
 */
final class PrometheusStandIn implements AutoCloseable {

    /** One request as it arrived; {@code form} holds the decoded form parameters. */
    record Received(String method, String path, MultiMap headers, MultiMap form, long arrivedNanos) {

        String param(String name) {
            return form.get(name);
        }
    }

    /** How the stand-in answers one request. */
    @FunctionalInterface
    interface Reply {
        void answer(HttpServerRequest request);
    }

    private final HttpServer server;
    private final String scheme;
    private final Deque<Reply> script = new ConcurrentLinkedDeque<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();

    private PrometheusStandIn(HttpServer server, String scheme) {
        this.server = server;
        this.scheme = scheme;
    }

    static PrometheusStandIn start(Vertx vertx) {
        return start(vertx, new HttpServerOptions());
    }

    static PrometheusStandIn start(Vertx vertx, HttpServerOptions options) {
        options.setHost("127.0.0.1").setPort(0);
        String scheme = options.isSsl() ? "https" : "http";
        PrometheusStandIn standIn = new PrometheusStandIn(vertx.createHttpServer(options), scheme);
        try {
            standIn.server.requestHandler(standIn::handle).listen().toCompletionStage().toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("stand-in did not start", e);
        }
        return standIn;
    }

    /** Replaces the script. */
    PrometheusStandIn replies(Reply... replies) {
        script.clear();
        script.addAll(List.of(replies));
        return this;
    }

    URI url() {
        return URI.create(scheme + "://127.0.0.1:" + server.actualPort());
    }

    List<Received> received() {
        return List.copyOf(received);
    }

    @Override
    public void close() throws Exception {
        server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private void handle(HttpServerRequest request) {
        if (request.getHeader("Content-Type") != null) {
            // Vert.x refuses to decode a form without one: a GET (the runtime info) has none.
            request.setExpectMultipart(true);
        }
        request.endHandler(end -> {
            received.add(new Received(request.method().name(), request.path(), MultiMap.caseInsensitiveMultiMap()
                    .addAll(request.headers()), MultiMap.caseInsensitiveMultiMap().addAll(request.formAttributes()),
                    System.nanoTime()));
            Reply reply = script.size() > 1 ? script.poll() : script.peek();
            if (reply == null) {
                request.response().setStatusCode(500).end("no scripted reply");
            } else {
                reply.answer(request);
            }
        });
    }

    // Replies

    static Reply json(int status, String body, String... headerNamesAndValues) {
        return reply(status, "application/json", body, headerNamesAndValues);
    }

    static Reply success(String dataJson) {
        return json(200, "{\"status\":\"success\",\"data\":" + dataJson + "}");
    }

    /** Plain text, as Prometheus' readiness gate and most proxies answer. */
    static Reply text(int status, String body, String... headerNamesAndValues) {
        return reply(status, "text/plain; charset=utf-8", body, headerNamesAndValues);
    }

    private static Reply reply(int status, String contentType, String body, String... headerNamesAndValues) {
        return request -> {
            HttpServerResponse response = request.response().setStatusCode(status)
                    .putHeader("Content-Type", contentType);
            for (int i = 0; i < headerNamesAndValues.length; i += 2) {
                response.putHeader(headerNamesAndValues[i], headerNamesAndValues[i + 1]);
            }
            response.end(body);
        };
    }

    /** Announces a longer body than it sends, then closes the connection: an answer cut off on the way. */
    static Reply cutOff(String bodyStart) {
        return request -> {
            HttpServerResponse response = request.response().setStatusCode(200)
                    .putHeader("Content-Type", "application/json")
                    .putHeader("Content-Length", String.valueOf(bodyStart.length() * 2));
            response.write(bodyStart).onComplete(written -> request.connection().close());
        };
    }

    /** Never answers: a query stuck in a slow store. */
    static Reply silence() {
        return request -> {
        };
    }
}
