package org.aitelemetry.devkit.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A long step's output on the console, driven by a test clock: the ticks are called by hand, never by time. */
class LongStepProgressTest {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final AtomicReference<String> phase = new AtomicReference<>("building the server (first run only)");
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private LongStep step;

    @Test
    void aStepDoneBeforeTheFirstReportPrintsOneLine() {
        step = new LongStep("keycloak", phase::get, console(false), nanos::get);
        tickAt(Duration.ofMillis(9_900));
        advance(Duration.ofMillis(200));
        step.end(true);

        assertThat(output()).isEqualTo("Starting keycloak ...           ready in 10.1 s\n");
    }

    @Test
    void aLongStepInALogAddsALineEveryTenSecondsNamingItsPhase() {
        step = new LongStep("keycloak", phase::get, console(false), nanos::get);
        tickAt(Duration.ofSeconds(5));
        tickAt(Duration.ofSeconds(10));
        tickAt(Duration.ofSeconds(15));
        phase.set("starting the server");
        tickAt(Duration.ofSeconds(20));
        advance(Duration.ofMillis(6_100));
        step.end(true);

        assertThat(output()).isEqualTo("""
                Starting keycloak ...         \s
                  keycloak: building the server (first run only) 10 s
                  keycloak: starting the server 20 s
                  keycloak ready in 26.1 s
                """);
    }

    @Test
    void aLongStepOnATerminalRedrawsItsLineEverySecond() {
        step = new LongStep("keycloak", phase::get, console(true), nanos::get);
        tickAt(Duration.ofMillis(500));
        tickAt(Duration.ofMillis(1_000));
        phase.set("importing the realms");
        tickAt(Duration.ofMillis(1_500));
        tickAt(Duration.ofMillis(2_000));
        advance(Duration.ofMillis(300));
        step.end(true);

        String line = "Starting keycloak ...          ";
        assertThat(output()).isEqualTo(line
                + "\r" + line + " building the server (first run only) 1 s\033[K"
                + "\r" + line + " importing the realms 2 s\033[K"
                + "\r" + line + " ready in 2.3 s\033[K\n");
    }

    @Test
    void aFailedStepSaysSoAndReportsNothingAfterwards() {
        step = new LongStep("backfill", () -> "day 3 of 7", console(false), nanos::get);
        tickAt(Duration.ofSeconds(10));
        advance(Duration.ofMillis(500));
        step.end(false);
        tickAt(Duration.ofSeconds(30));

        assertThat(output()).isEqualTo("""
                Starting backfill ...         \s
                  backfill: day 3 of 7 10 s
                  backfill failed after 10.5 s
                """);
    }

    @Test
    void stepsSideBySideEachEndOnALineOfTheirOwn() {
        ConsoleProgress console = console(false);
        step = new LongStep("history", () -> "writing 2026-11-20 (3 of 8 days)", console, nanos::get);
        LongStep postgres = new LongStep("postgres", () -> "starting", console, nanos::get);
        advance(Duration.ofMillis(2_700));
        postgres.end(true);
        LongStep keycloak = new LongStep("keycloak", () -> "starting the server", console, nanos::get);
        tickAt(Duration.ofSeconds(10));
        advance(Duration.ofMillis(100));
        step.end(true);
        advance(Duration.ofMillis(2_000));
        keycloak.end(true);

        assertThat(output()).isEqualTo("""
                Starting history ...          \s
                Starting postgres ...           ready in 2.7 s
                Starting keycloak ...         \s
                  history: writing 2026-11-20 (3 of 8 days) 10 s
                  history ready in 10.1 s
                  keycloak ready in 9.4 s
                """);
    }

    @Test
    void runReportsTheFailureOfItsWorkAndPassesItOn() {
        List<String> events = new ArrayList<>();
        PlatformProgress recording = new RecordingProgress(events);

        assertThatIllegalStateException().isThrownBy(() -> LongStep.run("keycloak", () -> "starting", recording,
                () -> {
                    throw new IllegalStateException("keycloak exited during start");
                })).withMessage("keycloak exited during start");
        assertThat(events).containsExactly("starting keycloak", "failed keycloak");
    }

    @Test
    void runReportsTheEndOfWorkThatSucceeds() throws Exception {
        List<String> events = new ArrayList<>();

        LongStep.run("otlp", () -> "starting", new RecordingProgress(events), () -> events.add("work"));

        assertThat(events).containsExactly("starting otlp", "work", "ready otlp");
    }

    private ConsoleProgress console(boolean terminal) {
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
        return new ConsoleProgress(out, out, terminal);
    }

    /** Moves the clock to {@code sinceStart} after the step began and ticks once. */
    private void tickAt(Duration sinceStart) {
        nanos.set(1_000_000_000L + sinceStart.toNanos());
        step.tick();
    }

    private void advance(Duration by) {
        nanos.addAndGet(by.toNanos());
    }

    private String output() {
        return printed.toString(StandardCharsets.UTF_8);
    }

    /** Records what was reported, as "event step"; reports are never due, so no tick lands in the record. */
    private record RecordingProgress(List<String> events) implements PlatformProgress {

        @Override
        public void starting(String step) {
            events.add("starting " + step);
        }

        @Override
        public void working(String step, String phase, Duration elapsed) {
            events.add("working " + step);
        }

        @Override
        public void ready(String step, Duration took) {
            events.add("ready " + step);
        }

        @Override
        public void failed(String step, Duration took) {
            events.add("failed " + step);
        }

        @Override
        public void stopping(String component) {
            events.add("stopping " + component);
        }

        @Override
        public void stopFailed(String component, RuntimeException failure) {
            events.add("stop failed " + component);
        }

        @Override
        public Duration reportEvery() {
            return Duration.ofDays(1);
        }
    }
}
