package org.aitelemetry.devkit.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The closed-loop load: {@code concurrency} threads post healthy runs, each the next as soon as the previous one is
 * answered, first the warm-up runs, then the measured ones. Each thread owns every {@code concurrency}-th load node and
 * goes round its own, so a node never has two runs in flight, as a node's probe Jobs run one after the other. The
 * measured phase runs from the moment the first measured run is taken to the last answer.
 */
final class ProbeRunLoad {

    /** The measured phase's post latencies and length. */
    record Result(Tally measured, double measuredSeconds) {
    }

    private final ProbeRunPoster poster;
    private final HealthFleet fleet;
    private final HealthOptions options;
    private final AtomicInteger taken = new AtomicInteger();
    private final CountDownLatch measuring = new CountDownLatch(1);
    private final List<Tally> tallies = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile long measureBegin;

    ProbeRunLoad(ProbeRunPoster poster, HealthFleet fleet, HealthOptions options) {
        this.poster = poster;
        this.fleet = fleet;
        this.options = options;
    }

    void start() {
        if (options.warmupRuns() == 0) {
            beginMeasuring();
        }
        for (int i = 0; i < options.concurrency(); i++) {
            Tally tally = new Tally();
            ProbeRunBody body = new ProbeRunBody(i);
            int first = i;
            Thread thread = new Thread(() -> post(first, body, tally), "probe-poster-" + i);
            // A benchmark that fails half-way must still end.
            thread.setDaemon(true);
            tallies.add(tally);
            threads.add(thread);
            thread.start();
        }
    }

    /** Returns once the warm-up runs are all taken. */
    void awaitMeasuring() throws InterruptedException {
        measuring.await();
    }

    Result awaitDone() throws InterruptedException {
        for (Thread thread : threads) {
            thread.join();
        }
        return new Result(Tally.merge(tallies), (System.nanoTime() - measureBegin) / 1e9);
    }

    private void post(int firstNode, ProbeRunBody body, Tally tally) {
        int total = options.warmupRuns() + options.runs();
        int node = firstNode;
        try {
            for (int run = taken.getAndIncrement(); run < total; run = taken.getAndIncrement()) {
                if (run == options.warmupRuns()) {
                    beginMeasuring();
                }
                UUID runId = UUID.randomUUID();
                String report = body.report(HealthFleet.node(node), fleet.gpus(node), runId, false);
                long begin = System.nanoTime();
                if (poster.post(runId, report) && run >= options.warmupRuns()) {
                    tally.add(System.nanoTime() - begin, 1);
                }
                node = node + options.concurrency() < options.loadNodes() ? node + options.concurrency() : firstNode;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void beginMeasuring() {
        measureBegin = System.nanoTime();
        measuring.countDown();
    }
}
