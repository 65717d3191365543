package org.aitelemetry.devkit.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.aitelemetry.devkit.bench.WebhookSender.Phase;

/**
 * The load generator: {@code senders} threads on one HTTP/1.1 client (a keep-alive connection per thread), each owning
 * every {@code senders}-th node, through a warm-up, a measured phase and the closing resolves. Nodes are numbered
 * from 0, so a run is the same workload every time. With several worker replicas, sender {@code s} posts to replica
 * {@code s mod replicas}, as a load balancer spreading Alertmanager's connections would.
 */
final class WebhookLoad {

    /** What the senders did, merged. */
    record Result(Tally measured, double measuredSeconds, Tally accepted, Map<String, Integer> outcomes,
            long sessionsOpened, long duplicates, long resolved) {

        long failures() {
            return outcomes.entrySet().stream().filter(outcome -> !outcome.getKey().startsWith("2"))
                    .mapToLong(Map.Entry::getValue).sum();
        }
    }

    private final List<WebhookSender> senders = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile Phase phase = Phase.WARM_UP;
    private long measureBegin;
    private long measureEnd;

    WebhookLoad(List<URI> webhooks, String token, IngestOptions options) {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        for (int s = 0; s < options.senders(); s++) {
            List<AlertGroup> groups = new ArrayList<>();
            for (int node = s; node < options.nodes(); node += options.senders()) {
                groups.add(new AlertGroup(node, options.openPerNode()));
            }
            URI webhook = webhooks.get(s % webhooks.size());
            senders.add(new WebhookSender(http, webhook, token, groups, options, () -> phase, s));
        }
    }

    void start() {
        for (int i = 0; i < senders.size(); i++) {
            Thread thread = new Thread(senders.get(i), "webhook-sender-" + i);
            // A benchmark that fails half-way must still end.
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    void beginMeasuring() {
        measureBegin = System.nanoTime();
        phase = Phase.MEASURED;
    }

    /** Ends the measured phase; the senders go on to resolve what is still open. */
    void endMeasuring() {
        phase = Phase.CLOSING;
        measureEnd = System.nanoTime();
    }

    /** Waits for the closing resolves to be answered. */
    Result awaitClosed(Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        for (Thread thread : threads) {
            thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            if (thread.isAlive()) {
                throw new IllegalStateException(thread.getName() + " still sending after " + patience.toSeconds() + " s");
            }
        }
        for (WebhookSender sender : senders) {
            if (sender.failure != null) {
                throw new IllegalStateException("a sender stopped early", sender.failure);
            }
        }
        Map<String, Integer> outcomes = new TreeMap<>();
        senders.forEach(sender -> sender.outcomes.forEach((outcome, n) -> outcomes.merge(outcome, n, Integer::sum)));
        return new Result(Tally.merge(senders.stream().map(sender -> sender.measured).toList()),
                (measureEnd - measureBegin) / 1e9,
                Tally.merge(senders.stream().map(sender -> sender.accepted).toList()), outcomes,
                senders.stream().mapToLong(sender -> sender.sessionsOpened).sum(),
                senders.stream().mapToLong(sender -> sender.duplicates).sum(),
                senders.stream().mapToLong(sender -> sender.resolved).sum());
    }
}
