package org.aitelemetry.site.config;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/** Logs where users reach the site, so an operator reading the pod log finds the public address. */
@ApplicationScoped
public class StartupAnnouncer {

    private static final Logger LOG = Logger.getLogger(StartupAnnouncer.class);

    private final SiteConfig config;

    StartupAnnouncer(SiteConfig config) {
        this.config = config;
    }

    void announce(@Observes StartupEvent event) {
        String scheme = config.publicUrl().getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new IllegalArgumentException("telemetry.site.public-url must be an http(s) URL, not " + config.publicUrl());
        }
        LOG.infof("telemetry-site serves users at %s", config.publicUrl());
    }
}
