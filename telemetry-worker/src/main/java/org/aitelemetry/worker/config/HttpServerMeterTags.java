package org.aitelemetry.worker.config;

import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * Quarkus tags a Vert.x HTTP server's meters with {@code server.port} only when the server's configured port is not 0.
 * With the management interface there are two servers, and where one of them has port 0 (tests take random ports) the
 * second server's {@code http.server.*} meters differ in tag keys from the first's, which the Prometheus registry refuses
 * by throwing inside the server's start: the app hung at start (seen once in CI). Without the tag, both servers' meters
 * agree; requests stay apart by their {@code uri}.
 */
public class HttpServerMeterTags {

    @Produces
    @Singleton
    MeterFilter withoutServerPort() {
        return MeterFilter.ignoreTags("server.port");
    }
}
