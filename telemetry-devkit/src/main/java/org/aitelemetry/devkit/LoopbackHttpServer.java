package org.aitelemetry.devkit;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The JDK's HTTP server on a loopback port with a small pool of daemon threads: enough for the devkit's stand-ins. */
public final class LoopbackHttpServer {

    private final HttpServer server;
    private final ExecutorService executor;

    private LoopbackHttpServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /** Serves {@code handler} for every path under {@code context} on 127.0.0.1:{@code port}. */
    public static LoopbackHttpServer start(int port, int threads, String threadName, String context, HttpHandler handler)
            throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        ExecutorService executor = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext(context, handler);
        server.start();
        return new LoopbackHttpServer(server, executor);
    }

    public void stop() {
        server.stop(0);
        executor.shutdownNow();
    }
}
