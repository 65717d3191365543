package org.aitelemetry.site.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/** The site's own configuration, under {@code telemetry.site.*}. */
@ConfigMapping(prefix = "telemetry.site")
public interface SiteConfig {

    /** Address users reach the site at (behind the Route), used for absolute links such as the API's JSON-LD context. */
    @WithDefault("http://localhost:8080")
    URI publicUrl();

    /** Code of costs while no price sheet is active; the active sheet's currency wins (the worker loads sheets). */
    @WithDefault("EUR")
    String currency();

    /** Protection of the pages' state-changing requests. */
    Csrf csrf();

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

    interface Csrf {

        /** Key that signs CSRF tokens; every replica needs the same one (from a Secret). Random per process if unset. */
        Optional<String> secret();

        /** How long a page's token stays valid: a form left open longer must be reloaded. */
        @WithDefault("2h")
        Duration tokenLifetime();
    }
}
