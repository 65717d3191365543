package org.aitelemetry.devkit;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;

/**
 * A devkit component that is an HTTP endpoint of its own (the fleet simulator, the faulty front, the OTLP receiver):
 * it keeps its loopback port across {@link #stop()} and {@link #start()}, so clients can reconnect to the same address.
 */
public abstract class LoopbackHttpComponent implements Component {

    private final int threads;
    private int port;
    private LoopbackHttpServer server;

    protected LoopbackHttpComponent(int threads) {
        this.threads = threads;
    }

    @Override
    public synchronized void start() throws IOException {
        if (server != null) {
            return;
        }
        if (port == 0) {
            port = LoopbackPorts.free();
        }
        server = LoopbackHttpServer.start(port, threads, name(), "/", this::handle);
    }

    @Override
    public synchronized void stop() {
        if (server != null) {
            server.stop();
            server = null;
        }
    }

    @Override
    public void close() {
        stop();
    }

    public int port() {
        return port;
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    protected abstract void handle(HttpExchange exchange) throws IOException;
}
