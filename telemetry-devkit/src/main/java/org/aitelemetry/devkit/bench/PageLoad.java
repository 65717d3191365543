package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.aitelemetry.devkit.keycloak.BrowserSession;

/**
 * The dashboards benchmark's closed loop: {@code clients} threads share one person's signed-in session, as tabs of
 * one browser do, and each sends its next GET as soon as the last one's body has arrived, until {@code requests} are
 * answered. A request's time runs from the send to the last byte of the body, on loopback: the server's time plus
 * one local round trip. Redirects are not followed: an ended session answers 302 and counts as a failure.
 */
final class PageLoad {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** The answers' times (200 only), every answer by status or exception, one failed request, the body size. */
    record Result(Tally tally, Map<String, Integer> outcomes, String failed, double seconds, int bodyBytes) {

        long failures() {
            return outcomes.entrySet().stream().filter(outcome -> !outcome.getKey().equals("200"))
                    .mapToLong(Map.Entry::getValue).sum();
        }

        double requestsPerSecond() {
            return seconds <= 0 ? 0 : tally.requests() / seconds;
        }
    }

    /** A warm-up, then the measured requests, and the CPU the site and PostgreSQL used during those. */
    record Phases(Result warmup, Result measured, CpuSample cpu) {

        long failures() {
            return warmup.failures() + measured.failures();
        }
    }

    private final BrowserSession session;
    private final int clients;

    PageLoad(BrowserSession session, int clients) {
        this.session = session;
        this.clients = clients;
    }

    Phases measure(String path, int warmup, int requests, long sitePid, long postmasterPid)
            throws InterruptedException, IOException {
        Result warm = run(path, warmup);
        CpuSample before = CpuSample.take(sitePid, postmasterPid);
        Result measured = run(path, requests);
        return new Phases(warm, measured, CpuSample.take(sitePid, postmasterPid).minus(before));
    }

    private Result run(String path, int requests) throws InterruptedException {
        AtomicInteger nextRequest = new AtomicInteger();
        List<Client> started = new ArrayList<>();
        List<Thread> running = new ArrayList<>();
        long begin = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            Client client = new Client(path, requests, nextRequest);
            Thread thread = new Thread(client, "page-load-" + c);
            thread.setDaemon(true);
            started.add(client);
            running.add(thread);
            thread.start();
        }
        for (Thread thread : running) {
            thread.join();
        }
        double seconds = (System.nanoTime() - begin) / 1e9;
        Map<String, Integer> outcomes = new TreeMap<>();
        String failed = null;
        int bodyBytes = 0;
        for (Client client : started) {
            client.outcomes.forEach((outcome, count) -> outcomes.merge(outcome, count, Integer::sum));
            failed = failed == null ? client.failed : failed;
            bodyBytes = Math.max(bodyBytes, client.bodyBytes);
        }
        return new Result(Tally.merge(started.stream().map(client -> client.tally).toList()), outcomes, failed, seconds,
                bodyBytes);
    }

    /** One client thread; its figures are read after it ended. */
    private final class Client implements Runnable {

        private final String path;
        private final int requests;
        private final AtomicInteger nextRequest;
        final Tally tally = new Tally();
        final Map<String, Integer> outcomes = new TreeMap<>();
        String failed;
        int bodyBytes;

        Client(String path, int requests, AtomicInteger nextRequest) {
            this.path = path;
            this.requests = requests;
            this.nextRequest = nextRequest;
        }

        @Override
        public void run() {
            while (nextRequest.getAndIncrement() < requests) {
                String outcome;
                long sent = System.nanoTime();
                try {
                    HttpResponse<String> response = session.send(
                            HttpRequest.newBuilder(session.site().resolve(path)).timeout(TIMEOUT));
                    long answered = System.nanoTime();
                    outcome = Integer.toString(response.statusCode());
                    if (response.statusCode() == 200) {
                        tally.add(answered - sent, 0);
                        if (bodyBytes == 0) {
                            bodyBytes = response.body().getBytes(StandardCharsets.UTF_8).length;
                        }
                    }
                } catch (IOException e) {
                    outcome = e.getClass().getSimpleName();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                outcomes.merge(outcome, 1, Integer::sum);
                if (!outcome.equals("200") && failed == null) {
                    failed = "GET " + path + " -> " + outcome;
                }
            }
        }
    }
}
