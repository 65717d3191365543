package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The API benchmark's open-loop load generator: {@code threads} threads, each with its own HTTP/1.1 client (one
 * keep-alive connection), take the next ticket of a {@link Timetable}, wait for its due time and send it. The ticket
 * number seeds the draw of operation and target, so a run sends the same requests whatever the threads do.
 */
final class ApiLoad {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final long SEED = 0x5eed_a91L;

    /** Measured latencies by operation, answers of every phase by status (or exception), one failed request each. */
    record Result(Map<ApiOperation, Tally> measured, Map<String, Integer> outcomes, Map<ApiOperation, String> failed,
            Timetable timetable, double lastAnswerSeconds) {

        Tally overall() {
            return Tally.merge(List.copyOf(measured.values()));
        }

        long failures() {
            return outcomes.entrySet().stream().filter(outcome -> !outcome.getKey().startsWith("2"))
                    .mapToLong(Map.Entry::getValue).sum();
        }

        /** Measured answers over the time from the first measured due time to the last answer. */
        double achievedRate() {
            double span = lastAnswerSeconds - timetable.warmupTickets() / timetable.rate();
            return span <= 0 ? 0 : overall().requests() / span;
        }
    }

    private final String baseUrl;
    private final Supplier<String> token;
    private final ApiMix mix;
    private final ApiTargets targets;
    private final int threads;
    private final List<Sender> senders = new ArrayList<>();
    private final List<Thread> running = new ArrayList<>();
    private Timetable timetable;

    ApiLoad(String baseUrl, Supplier<String> token, ApiMix mix, ApiTargets targets, int threads) {
        this.baseUrl = baseUrl;
        this.token = token;
        this.mix = mix;
        this.targets = targets;
        this.threads = threads;
    }

    /** Starts the threads on a timetable beginning in 100 ms; {@link #await()} collects what they did. */
    Timetable start(int rate, int warmupSeconds, int seconds) {
        timetable = Timetable.of(System.nanoTime() + 100_000_000L, rate, warmupSeconds, seconds);
        AtomicLong nextTicket = new AtomicLong();
        for (int t = 0; t < threads; t++) {
            Sender sender = new Sender(timetable, nextTicket);
            Thread thread = new Thread(sender, "api-load-" + t);
            thread.setDaemon(true);
            senders.add(sender);
            running.add(thread);
            thread.start();
        }
        return timetable;
    }

    Result run(int rate, int warmupSeconds, int seconds) throws InterruptedException {
        start(rate, warmupSeconds, seconds);
        return await();
    }

    /** Waits for every ticket to be answered. */
    Result await() throws InterruptedException {
        for (Thread thread : running) {
            thread.join();
        }
        Map<ApiOperation, Tally> measured = new EnumMap<>(ApiOperation.class);
        Map<String, Integer> outcomes = new TreeMap<>();
        Map<ApiOperation, String> failed = new EnumMap<>(ApiOperation.class);
        long lastAnswer = timetable.startNanos();
        for (ApiOperation operation : mix.operations()) {
            measured.put(operation, Tally.merge(senders.stream().map(s -> s.measured.get(operation)).toList()));
        }
        for (Sender sender : senders) {
            sender.outcomes.forEach((outcome, n) -> outcomes.merge(outcome, n, Integer::sum));
            sender.failed.forEach(failed::putIfAbsent);
            lastAnswer = Math.max(lastAnswer, sender.lastAnswer);
        }
        return new Result(measured, outcomes, failed, timetable, (lastAnswer - timetable.startNanos()) / 1e9);
    }

    /** One load thread; its tallies are read after it ended. */
    private final class Sender implements Runnable {

        private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        private final Timetable timetable;
        private final AtomicLong nextTicket;
        final Map<ApiOperation, Tally> measured = new EnumMap<>(ApiOperation.class);
        final Map<String, Integer> outcomes = new TreeMap<>();
        final Map<ApiOperation, String> failed = new EnumMap<>(ApiOperation.class);
        long lastAnswer;

        Sender(Timetable timetable, AtomicLong nextTicket) {
            this.timetable = timetable;
            this.nextTicket = nextTicket;
            mix.operations().forEach(operation -> measured.put(operation, new Tally()));
        }

        @Override
        public void run() {
            try {
                for (long ticket = nextTicket.getAndIncrement(); ticket < timetable.tickets();
                        ticket = nextTicket.getAndIncrement()) {
                    SplittableRandom random = new SplittableRandom(SEED + ticket);
                    ApiOperation operation = mix.pick(random);
                    String path = operation.path(targets, random);
                    long due = timetable.dueNanos(ticket);
                    WebhookSender.waitUntil(due);
                    send(operation, path, due, timetable.measured(ticket));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void send(ApiOperation operation, String path, long due, boolean measuring)
                throws InterruptedException {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(TIMEOUT)
                    .header("Accept", "application/json");
            if (operation.authenticated()) {
                request.header("Authorization", "Bearer " + token.get());
            }
            String outcome;
            try {
                int status = http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
                outcome = Integer.toString(status);
            } catch (IOException e) {
                outcome = e.getClass().getSimpleName();
            }
            long answered = System.nanoTime();
            lastAnswer = Math.max(lastAnswer, answered);
            outcomes.merge(outcome, 1, Integer::sum);
            if (!outcome.startsWith("2")) {
                failed.putIfAbsent(operation, "GET " + path + " -> " + outcome);
            } else if (measuring) {
                measured.get(operation).add(answered - due, 0);
            }
        }
    }
}
