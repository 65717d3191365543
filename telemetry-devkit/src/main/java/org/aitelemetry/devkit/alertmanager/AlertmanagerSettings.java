package org.aitelemetry.devkit.alertmanager;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What an {@link AlertmanagerComponent} is configured with: every alert goes to one receiver that posts to the given
 * webhooks with {@code send_resolved: true} and {@code max_alerts: 0}, as {@code alertmanager/receiver/} ships it.
 *
 * @param webhookUrls     where notifications are posted, e.g. the worker's {@code /api/ingest/v1/alertmanager}
 * @param auth            how Alertmanager authenticates to the webhooks; empty: it does not
 * @param groupBy         labels a notification's alerts share; the shipped configuration groups by cluster and node
 * @param groupWait       how long a new group waits for more alerts before its first notification
 * @param groupInterval   how often a group's changes (new and resolved alerts) are sent, and failures retried
 * @param repeatInterval  how often an unchanged group is sent again
 */
public record AlertmanagerSettings(List<URI> webhookUrls, Optional<WebhookAuth> auth, List<String> groupBy,
        Duration groupWait, Duration groupInterval, Duration repeatInterval) {

    public AlertmanagerSettings {
        webhookUrls = List.copyOf(webhookUrls);
        if (webhookUrls.isEmpty()) {
            throw new IllegalArgumentException("at least one webhook URL is needed");
        }
        webhookUrls.stream()
                .filter(url -> !url.isAbsolute() || !url.getScheme().matches("https?") || url.getHost() == null)
                .findAny()
                .ifPresent(url -> {
                    throw new IllegalArgumentException("not an http(s) webhook URL: " + url);
                });
        groupBy = List.copyOf(groupBy);
        if (groupWait.isNegative()) {
            throw new IllegalArgumentException("group wait must not be negative: " + groupWait);
        }
        requirePositiveMillis(groupInterval, "group interval");
        requirePositiveMillis(repeatInterval, "repeat interval");
    }

    /**
     * Notifications as soon as an alert arrives ({@code group_wait: 0s}) and changes within a second
     * ({@code group_interval: 1s}); unchanged groups are repeated hourly, so tests see repeats only when they ask.
     */
    public static AlertmanagerSettings fast(URI... webhookUrls) {
        return new AlertmanagerSettings(Arrays.asList(webhookUrls), Optional.empty(), List.of("cluster", "Hostname"),
                Duration.ZERO, Duration.ofSeconds(1), Duration.ofHours(1));
    }

    /** A bearer token from a file, as a token sidecar keeps it fresh. */
    public AlertmanagerSettings withBearerTokenFile(Path tokenFile) {
        return withAuth(new WebhookAuth.BearerTokenFile(tokenFile));
    }

    /** OAuth2 client credentials, as {@code alertmanager/receiver/alertmanager.yml} authenticates to the worker. */
    public AlertmanagerSettings withClientCredentials(String clientId, Path clientSecretFile, URI tokenUrl) {
        return withAuth(new WebhookAuth.ClientCredentials(clientId, clientSecretFile, tokenUrl));
    }

    public AlertmanagerSettings withGroupBy(List<String> labels) {
        return new AlertmanagerSettings(webhookUrls, auth, labels, groupWait, groupInterval, repeatInterval);
    }

    public AlertmanagerSettings withTimings(Duration wait, Duration interval, Duration repeat) {
        return new AlertmanagerSettings(webhookUrls, auth, groupBy, wait, interval, repeat);
    }

    private AlertmanagerSettings withAuth(WebhookAuth webhookAuth) {
        return new AlertmanagerSettings(webhookUrls, Optional.of(webhookAuth), groupBy, groupWait, groupInterval,
                repeatInterval);
    }

    private static void requirePositiveMillis(Duration interval, String what) {
        if (interval.toMillis() <= 0) {
            throw new IllegalArgumentException(what + " must be at least 1 ms: " + interval);
        }
    }
}
