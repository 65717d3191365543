package org.aitelemetry.prometheus;

import java.net.URI;
import java.util.Locale;

/** The rule for every URL this client calls: absolute http(s) with a host, and no credentials, query or fragment. */
public final class HttpUrls {

    private HttpUrls() {
    }

    /** Fails, with a message that starts with {@code what}, unless the URL obeys the rule. */
    public static void require(URI url, String what) {
        if (url == null) {
            throw new IllegalArgumentException(what + " is required");
        }
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException(what + " must be an absolute http or https URL, not '" + scheme + ":'");
        }
        if (url.getHost() == null) {
            throw new IllegalArgumentException(what + " must name a host");
        }
        // Never echo the URL here: it would put the credentials in the log.
        if (url.getRawUserInfo() != null) {
            throw new IllegalArgumentException(what + " must not carry credentials; use an auth mode");
        }
        if (url.getRawQuery() != null || url.getRawFragment() != null) {
            throw new IllegalArgumentException(what + " must not have a query or a fragment");
        }
    }

    static boolean isHttps(URI url) {
        return "https".equalsIgnoreCase(url.getScheme());
    }
}
