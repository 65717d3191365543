package org.aitelemetry.site.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;

/** The site's own configuration, under {@code telemetry.site.*}. */
@ConfigMapping(prefix = "telemetry.site")
public interface SiteConfig {

    /** Address users reach the site at (behind the Route), used for absolute links such as the API's JSON-LD context. */
    @WithDefault("http://localhost:8080")
    URI publicUrl();
}
