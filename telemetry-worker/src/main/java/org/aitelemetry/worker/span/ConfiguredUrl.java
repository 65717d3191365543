package org.aitelemetry.worker.span;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/** The rule for URLs from the tracing configuration: absolute http(s) with a host; anything else stops the start. */
final class ConfiguredUrl {

    private ConfiguredUrl() {
    }

    /** Fails, naming the property, unless the value is such a URL. */
    static URI check(String property, String value) {
        URI url;
        try {
            url = URI.create(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(property + " is not a URL: " + e.getMessage(), e);
        }
        String scheme = Optional.ofNullable(url.getScheme()).map(s -> s.toLowerCase(Locale.ROOT)).orElse("");
        if (!scheme.equals("http") && !scheme.equals("https") || url.getHost() == null) {
            throw new IllegalArgumentException(property + " must be an http(s) URL with a host, not '" + value + "'");
        }
        return url;
    }
}
