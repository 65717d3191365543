package org.aitelemetry.worker.session;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** How usage sessions are kept: {@code telemetry.sessions.*} (contracts.md §2). */
@ConfigMapping(prefix = "telemetry.sessions")
public interface SessionConfig {

    /**
     * How long a resolved session waits before it is final: a firing of the same alert inside it cancels the close.
     * Longer than a Prometheus outage's false resolve takes to be corrected (docs/architecture.md).
     */
    @WithDefault("15m")
    Duration gracePeriod();

    /** Interval of the tick that finalises closes whose grace is over and picks up notifications left pending. */
    @WithDefault("10s")
    String every();

    /**
     * Notifications applied per transaction. Drains share the event loop with the webhook: smaller drains keep the
     * webhook's tail latency low (500: p99 < 50 ms at 5,000 alerts/s on 2 cores) at some cost in throughput.
     */
    @WithDefault("500")
    int drainBatch();

    /**
     * How long an announced drain waits for more batches before it starts (not a drain asked for directly). Per
     * transaction a drain pays a fixed cost in round trips and statements; without the wait, each of the four shards
     * ran a transaction per stored batch at moderate rates. Sessions are minutes long: 50 ms is not seen.
     */
    @WithDefault("50ms")
    Duration drainLinger();

    /** Also export a zero-length {@code gpu.usage.start} span at open, so Tempo shows live sessions. */
    @WithDefault("false")
    boolean startSpans();

    Reconcile reconcile();

    /** Closing open sessions whose alert Alertmanager no longer has (a resolve that never arrived). */
    interface Reconcile {

        /** Interval, {@code off} to disable; also runs after a batch reports truncated alerts. */
        @WithDefault("5m")
        String every();

        /** Every Alertmanager peer of the HA cluster: an alert counts as gone only when none of them has it. */
        Optional<List<URI>> alertmanagerUrls();

        /** Matchers of {@code GET /api/v2/alerts?filter=}, the alerts that make sessions. */
        @WithDefault("telemetry=\"gpu-usage\"")
        String filter();

        /** Bearer token for Alertmanager's API (e.g. behind OpenShift's oauth-proxy), re-read when it changes. */
        Optional<Path> bearerTokenFile();

        /** Quarkus TLS configuration for Alertmanager's API (CA, client certificate). */
        Optional<String> tlsConfigurationName();

        @WithDefault("10s")
        Duration timeout();

        /**
         * How long an alert must stay absent from Alertmanager before its session closes. Alertmanager drops a resolved
         * alert from its API at once but sends the resolve only at the group's next interval: longer than
         * {@code group_interval} plus its retries, so a resolve on its way wins (it has the real end).
         */
        @WithDefault("15m")
        Duration confirmAfter();
    }
}
