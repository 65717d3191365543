package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.aitelemetry.devkit.bench.AlertGroup.Notification;

/**
 * One load thread, standing in for Alertmanager's webhook notifier: it posts its own nodes' notifications one after
 * another (closed loop: the next goes out when the previous one is answered), and once the run closes it resolves every
 * session still open, so that each session it opened gets its resolve. Results are read after the thread ended.
 */
final class WebhookSender implements Runnable {

    enum Phase { WARM_UP, MEASURED, CLOSING }

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http;
    private final HttpRequest.Builder request;
    private final List<AlertGroup> groups;
    private final IngestOptions options;
    private final Supplier<Phase> phase;
    private final SplittableRandom random;
    /** Accepted (2xx) requests of every phase, and those of them completed while measuring. */
    final Tally accepted = new Tally();
    final Tally measured = new Tally();
    /** Answers by HTTP status, or by the exception's name when none came. */
    final Map<String, Integer> outcomes = new TreeMap<>();
    long sessionsOpened;
    /** Why the sender stopped early, if it did. */
    RuntimeException failure;
    long duplicates;
    long resolved;

    WebhookSender(HttpClient http, URI webhook, String token, List<AlertGroup> groups, IngestOptions options,
            Supplier<Phase> phase, long seed) {
        this.http = http;
        this.request = HttpRequest.newBuilder(webhook).timeout(TIMEOUT).header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + token);
        this.groups = groups;
        this.options = options;
        this.phase = phase;
        this.random = new SplittableRandom(seed);
    }

    @Override
    public void run() {
        try {
            long scheduled = System.nanoTime();
            for (int next = 0; phase.get() != Phase.CLOSING; next++) {
                int size = random.nextInt(options.batchMin(), options.batchMax() + 1);
                long sendAt = scheduled;
                if (options.rate() > 0) {
                    // Open loop: this sender's share of the offered rate; latency counts from when it should have gone.
                    scheduled += (long) (size * 1e9 * options.senders() / options.rate());
                    waitUntil(sendAt);
                } else {
                    sendAt = System.nanoTime();
                }
                send(groups.get(next % groups.size()).next(size, options.duplicateShare(), Instant.now()), sendAt);
            }
            for (AlertGroup group : groups) {
                while (group.hasOpenSessions()) {
                    send(group.closing(options.batchMax(), Instant.now()), System.nanoTime());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    /** Sleeps until {@link System#nanoTime()} reaches {@code nanoTime}; returns at once when it is past. */
    static void waitUntil(long nanoTime) throws InterruptedException {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
    }

    private void send(Notification notification, long begin) throws InterruptedException {
        if (notification.alerts() == 0) {
            return;
        }
        HttpRequest post = request.copy().POST(HttpRequest.BodyPublishers.ofByteArray(notification.body())).build();
        int status;
        try {
            status = http.send(post, HttpResponse.BodyHandlers.discarding()).statusCode();
            outcomes.merge(Integer.toString(status), 1, Integer::sum);
        } catch (IOException e) {
            outcomes.merge(e.getClass().getSimpleName(), 1, Integer::sum);
            return;
        }
        long took = System.nanoTime() - begin;
        if (status / 100 == 2) {
            if (phase.get() == Phase.MEASURED) {
                measured.add(took, notification.alerts());
            }
            accepted.add(took, notification.alerts());
            sessionsOpened += notification.opened();
            duplicates += notification.duplicates();
            resolved += notification.resolved();
        }
    }
}
