package org.aitelemetry.devkit.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The floor under any ingest figure: the same number of closed-loop threads, on the same kind of client, asking the
 * worker's management interface for {@code /q/health/live} (no body, no database, no token). After one unmeasured
 * second, every answer counts.
 */
final class RoundTripFloor {

    /** The measured answers, and every answer including the first second's. */
    record Result(Tally tally, double seconds, long failures, long answered) {
    }

    private RoundTripFloor() {
    }

    static Result measure(URI url, int threads, int seconds) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10)).build();
        long begin = System.nanoTime() + 1_000_000_000L;
        long end = begin + seconds * 1_000_000_000L;
        List<Tally> tallies = new ArrayList<>();
        long[] failures = new long[threads];
        long[] answered = new long[threads];
        List<Thread> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Tally tally = new Tally();
            tallies.add(tally);
            int index = t;
            Thread thread = new Thread(() -> {
                for (long now = System.nanoTime(); now < end; now = System.nanoTime()) {
                    try {
                        int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
                        long done = System.nanoTime();
                        answered[index]++;
                        if (status != 200) {
                            failures[index]++;
                        } else if (now >= begin && done < end) {
                            tally.add(done - now, 0);
                        }
                    } catch (IOException e) {
                        failures[index]++;
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }, "floor-" + t);
            thread.setDaemon(true);
            running.add(thread);
            thread.start();
        }
        for (Thread thread : running) {
            thread.join();
        }
        return new Result(Tally.merge(tallies), seconds, Arrays.stream(failures).sum(), Arrays.stream(answered).sum());
    }
}
