package org.aitelemetry.devkit.launcher;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A step that may take a minute or more (Keycloak's first start, a backfill): it reports its start, then every
 * {@link PlatformProgress#reportEvery()} what it is doing and for how long, then its end, so a person sees it is
 * alive. {@link #run} ticks it from a thread of its own; the clock is a parameter so tests tick it by hand.
 */
public final class LongStep {

    /** The work of a step. */
    @FunctionalInterface
    public interface Work {
        void run() throws Exception;
    }

    /** How often the ticking thread looks at the clock; reports still come only every {@code reportEvery}. */
    private static final long POLL_MILLIS = 250;

    private final String name;
    private final Supplier<String> phase;
    private final PlatformProgress progress;
    private final LongSupplier nanoClock;
    private final long begin;
    private long lastReport;
    private boolean done;

    LongStep(String name, Supplier<String> phase, PlatformProgress progress, LongSupplier nanoClock) {
        this.name = name;
        this.phase = phase;
        this.progress = progress;
        this.nanoClock = nanoClock;
        this.begin = nanoClock.getAsLong();
        this.lastReport = begin;
        progress.starting(name);
    }

    /** Runs {@code work} as a step named {@code name}; {@code phase} says what it is doing when a report is due. */
    public static void run(String name, Supplier<String> phase, PlatformProgress progress, Work work)
            throws Exception {
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "progress-" + name);
            thread.setDaemon(true);
            return thread;
        });
        LongStep step = new LongStep(name, phase, progress, System::nanoTime);
        boolean succeeded = false;
        try {
            ticker.scheduleAtFixedRate(step::tick, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
            work.run();
            succeeded = true;
        } finally {
            ticker.shutdownNow();
            step.end(succeeded);
        }
    }

    /** Reports what the step is doing when {@code reportEvery} has passed since its start or its last report. */
    synchronized void tick() {
        long now = nanoClock.getAsLong();
        if (done || now - lastReport < progress.reportEvery().toNanos()) {
            return;
        }
        lastReport = now;
        progress.working(name, phase.get(), Duration.ofNanos(now - begin));
    }

    /** The step is over, done or failed: reports how long it ran, and no tick reports after this. */
    synchronized void end(boolean succeeded) {
        done = true;
        Duration took = Duration.ofNanos(nanoClock.getAsLong() - begin);
        if (succeeded) {
            progress.ready(name, took);
        } else {
            progress.failed(name, took);
        }
    }
}
