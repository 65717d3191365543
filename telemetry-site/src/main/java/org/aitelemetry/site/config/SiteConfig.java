package org.aitelemetry.site.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.time.Duration;

/** The site's own configuration, under {@code telemetry.site.*}. */
@ConfigMapping(prefix = "telemetry.site")
public interface SiteConfig {

    /** Address users reach the site at (behind the Route), used for absolute links such as the API's JSON-LD context. */
    @WithDefault("http://localhost:8080")
    URI publicUrl();

    /** ISO 4217 code of the costs the worker's rollups compute (the price list is the worker's). */
    @WithDefault("EUR")
    String currency();

    /** Limits on health-check requests. */
    HealthChecks healthChecks();

    interface HealthChecks {

        /** Requests one caller may create per {@link #rateWindow()}: each occupies GPUs for a while. */
        @WithDefault("10")
        int rateLimit();

        /** The sliding window of {@link #rateLimit()}. */
        @WithDefault("1h")
        Duration rateWindow();
    }
}
