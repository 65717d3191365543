package org.aitelemetry.worker.pipeline;

import io.smallrye.mutiny.Uni;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One job's guard against overlapping rounds: run now; if asked while a round runs, run once more after it. Any number
 * of requests during a round coalesce into that one more round, which starts after the last of them and so sees what
 * they announced. A failed round ends like any other: the next request runs.
 *
 * @param <T> what a round reports
 */
public final class CoalescingRunner<T> {

    private final Supplier<Uni<T>> round;
    private final T busy;
    private final Consumer<Throwable> detachedFailure;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean requested = new AtomicBoolean();

    /**
     * @param round           the job's round, subscribed once per run
     * @param busy            what a call answers when it found a round running
     * @param detachedFailure told of a failed round that no caller waits for
     */
    public CoalescingRunner(Supplier<Uni<T>> round, T busy, Consumer<Throwable> detachedFailure) {
        this.round = round;
        this.busy = busy;
        this.detachedFailure = detachedFailure;
    }

    /** A runner for work that only {@link #runIfIdle} runs: it has no round of its own to repeat. */
    public static <T> CoalescingRunner<T> overlapGuard(T busy) {
        return new CoalescingRunner<>(() -> Uni.createFrom().item(busy), busy, failure -> { });
    }

    /** Asks for a round and returns at once: it runs now, or once more after the running one. */
    public void request() {
        run().subscribe().with(report -> { }, detachedFailure);
    }

    /**
     * Runs a round when subscribed and completes with its report, unless one is running: then that one is followed by
     * one more, and this completes at once with {@code busy}.
     */
    public Uni<T> run() {
        return Uni.createFrom().deferred(() -> {
            requested.set(true);
            if (!running.compareAndSet(false, true)) {
                return Uni.createFrom().item(busy);
            }
            requested.set(false);
            return guarded(round);
        });
    }

    /**
     * Runs {@code work} instead of the round when subscribed, unless a round runs: then it completes at once with
     * {@code busy} and asks for nothing after. For work whose every run takes arguments of its own (a time, a trigger),
     * which a later round could not repeat.
     */
    public Uni<T> runIfIdle(Supplier<Uni<T>> work) {
        return Uni.createFrom().deferred(() -> running.compareAndSet(false, true) ? guarded(work)
                : Uni.createFrom().item(busy));
    }

    /** Deferred, so that work throwing while it builds its Uni ends the round like a failure. */
    private Uni<T> guarded(Supplier<Uni<T>> work) {
        return Uni.createFrom().<T>deferred(work::get).onTermination().invoke(this::ended);
    }

    private void ended() {
        running.set(false);
        if (requested.get()) {
            request();
        }
    }
}
