package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.aitelemetry.devkit.keycloak.BrowserSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The closed loop against a loopback HTTP server standing in for the site: a page that answers 200 with a body of
 * known size, and one that answers as the site does to an ended session, a redirect to the login page.
 */
class PageLoadTest {

    private static final byte[] PAGE = "<p>é</p>".repeat(300).getBytes(StandardCharsets.UTF_8);

    private final AtomicInteger served = new AtomicInteger();
    private HttpServer server;
    private BrowserSession browser;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/pages/fleet", exchange -> {
            served.incrementAndGet();
            exchange.sendResponseHeaders(200, PAGE.length);
            exchange.getResponseBody().write(PAGE);
            exchange.close();
        });
        server.createContext("/pages/ended", exchange -> {
            served.incrementAndGet();
            exchange.getResponseHeaders().add("Location", "http://127.0.0.1:9/realms/ai-telemetry/login");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        server.start();
        browser = BrowserSession.signedOut(URI.create("http://127.0.0.1:" + server.getAddress().getPort()));
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void sendsEachPhasesRequestsOnceAndTimesEveryAnswer() throws Exception {
        long pid = ProcessHandle.current().pid();

        PageLoad.Phases phases = new PageLoad(browser, 3).measure("/pages/fleet", 7, 40, pid, pid);

        assertThat(served).hasValue(47);
        assertThat(phases.warmup().tally().requests()).isEqualTo(7);
        assertThat(phases.measured().tally().requests()).isEqualTo(40);
        assertThat(phases.measured().outcomes()).containsExactly(Map.entry("200", 40));
        assertThat(phases.failures()).isZero();
        assertThat(phases.measured().bodyBytes()).isEqualTo(PAGE.length);
        assertThat(phases.measured().tally().millis().min()).isPositive();
        assertThat(phases.measured().requestsPerSecond()).isPositive();
    }

    @Test
    void aRedirectIsAFailureAndNotFollowed() throws Exception {
        long pid = ProcessHandle.current().pid();

        PageLoad.Phases phases = new PageLoad(browser, 2).measure("/pages/ended", 0, 5, pid, pid);

        assertThat(served).hasValue(5);
        assertThat(phases.failures()).isEqualTo(5);
        assertThat(phases.measured().tally().requests()).isZero();
        assertThat(phases.measured().failed()).isEqualTo("GET /pages/ended -> 302");
    }
}
