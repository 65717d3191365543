package org.aitelemetry.devkit.alertmanager;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.aitelemetry.devkit.LoopbackHttpServer;
import org.aitelemetry.devkit.LoopbackPorts;

/** A webhook receiver on loopback that answers 200 and keeps every notification with its Authorization header. */
final class WebhookRecorder implements AutoCloseable {

    record Notification(String authorization, JsonNode body) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<Notification> received = new CopyOnWriteArrayList<>();
    private final int port = LoopbackPorts.free();
    private final LoopbackHttpServer server;

    WebhookRecorder() throws IOException {
        server = LoopbackHttpServer.start(port, 2, "webhook-recorder", "/hook", this::record);
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + port + "/hook");
    }

    /** Waits for the first notification that {@code matches}. */
    Notification await(Predicate<JsonNode> matches, Duration patience) throws InterruptedException {
        Instant deadline = Instant.now().plus(patience);
        while (Instant.now().isBefore(deadline)) {
            for (Notification notification : received) {
                if (matches.test(notification.body())) {
                    return notification;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no matching notification within " + patience + "; received " + received);
    }

    private void record(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode body = JSON.readTree(exchange.getRequestBody());
            received.add(new Notification(exchange.getRequestHeaders().getFirst("Authorization"), body));
            exchange.sendResponseHeaders(200, -1);
        }
    }

    @Override
    public void close() {
        server.stop();
    }
}
