package org.aitelemetry.worker.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Rounds are futures the test completes by hand, so every interleaving below is exact, not a matter of timing. */
class CoalescingRunnerTest {

    private static final String BUSY = "busy";

    private final List<CompletableFuture<String>> rounds = new ArrayList<>();
    private final List<Throwable> failures = new ArrayList<>();
    private final CoalescingRunner<String> runner = new CoalescingRunner<>(this::startRound, BUSY, failures::add);

    private synchronized Uni<String> startRound() {
        CompletableFuture<String> round = new CompletableFuture<>();
        rounds.add(round);
        return Uni.createFrom().completionStage(round);
    }

    private synchronized CompletableFuture<String> round(int index) {
        return rounds.get(index);
    }

    private synchronized int started() {
        return rounds.size();
    }

    @Test
    void aRequestRunsAtOnceAndNothingFollowsIt() {
        runner.request();
        assertThat(started()).isEqualTo(1);

        round(0).complete("done");

        assertThat(started()).isEqualTo(1);
    }

    @Test
    void aRequestWhileRunningGivesExactlyOneMoreRoundAfterIt() {
        runner.request();
        runner.request();
        assertThat(started()).as("no overlap").isEqualTo(1);

        round(0).complete("first");
        assertThat(started()).isEqualTo(2);

        round(1).complete("second");
        assertThat(started()).isEqualTo(2);
    }

    @Test
    void manyRequestsWhileRunningCoalesceIntoOneRound() {
        runner.request();
        for (int i = 0; i < 100; i++) {
            runner.request();
        }
        round(0).complete("first");
        round(1).complete("second");

        assertThat(started()).isEqualTo(2);
    }

    @Test
    void aFailedRoundIsReportedAndTheNextRequestStillRuns() {
        runner.request();
        RuntimeException broken = new IllegalStateException("database down");
        round(0).completeExceptionally(broken);
        assertThat(failures).containsExactly(broken);

        runner.request();
        assertThat(started()).isEqualTo(2);
    }

    @Test
    void aRequestDuringAFailedRoundStillGetsItsRound() {
        runner.request();
        runner.request();
        round(0).completeExceptionally(new IllegalStateException("database down"));

        assertThat(started()).isEqualTo(2);
    }

    @Test
    void aRoundThatThrowsWhileBuildingEndsLikeAFailure() {
        AtomicInteger calls = new AtomicInteger();
        List<Throwable> seen = new ArrayList<>();
        CoalescingRunner<String> throwing = new CoalescingRunner<>(() -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("unreadable token file");
            }
            return Uni.createFrom().item("ok");
        }, BUSY, seen::add);

        throwing.request();
        throwing.request();

        assertThat(seen).hasSize(1);
        assertThat(calls).hasValue(2);
    }

    @Test
    void aCallerWaitingOnARunGetsItsReportOrBusy() {
        CompletableFuture<String> first = runner.run().subscribeAsCompletionStage().toCompletableFuture();
        String second = runner.run().await().indefinitely();
        assertThat(second).isEqualTo(BUSY);

        round(0).complete("first");
        assertThat(first).isCompletedWithValue("first");
        assertThat(started()).as("the busy call's round follows").isEqualTo(2);
    }

    @Test
    void workOfItsOwnRunsOnlyWhenIdleAndAsksForNothingAfter() {
        runner.request();
        assertThat(runner.runIfIdle(() -> Uni.createFrom().item("own")).await().indefinitely()).isEqualTo(BUSY);

        round(0).complete("first");
        assertThat(started()).isEqualTo(1);
        assertThat(runner.runIfIdle(() -> Uni.createFrom().item("own")).await().indefinitely()).isEqualTo("own");
    }

    @Test
    void requestsFromManyThreadsNeverOverlapAndTheLastIsServed() throws Exception {
        AtomicInteger inRound = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        AtomicInteger roundsRun = new AtomicInteger();
        AtomicInteger requestsMade = new AtomicInteger();
        AtomicInteger requestsSeenByLastRound = new AtomicInteger(-1);
        ExecutorService roundThreads = Executors.newFixedThreadPool(2);
        CoalescingRunner<String> concurrent = new CoalescingRunner<>(() -> Uni.createFrom().item(() -> {
            if (inRound.incrementAndGet() > 1) {
                overlaps.incrementAndGet();
            }
            roundsRun.incrementAndGet();
            requestsSeenByLastRound.set(requestsMade.get());
            inRound.decrementAndGet();
            return "round";
        }).runSubscriptionOn(roundThreads), BUSY, failure -> { });
        int threads = 4;
        int requestsEach = 2_000;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService requesters = Executors.newFixedThreadPool(threads);
        for (int t = 0; t < threads; t++) {
            requesters.submit(() -> {
                go.await();
                for (int i = 0; i < requestsEach; i++) {
                    requestsMade.incrementAndGet();
                    concurrent.request();
                }
                return null;
            });
        }
        go.countDown();
        requesters.shutdown();
        assertThat(requesters.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
        // A round starts after the last request: it sees every request made.
        await().atMost(Duration.ofMinutes(1)).untilAsserted(() -> assertThat(requestsSeenByLastRound)
                .hasValue(threads * requestsEach));
        roundThreads.shutdown();

        assertThat(overlaps).hasValue(0);
        assertThat(roundsRun.get()).isBetween(1, threads * requestsEach);
    }
}
