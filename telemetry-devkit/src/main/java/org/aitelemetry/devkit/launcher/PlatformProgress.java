package org.aitelemetry.devkit.launcher;

import java.time.Duration;

/** What a {@link Platform} reports while it starts and stops its components, and any other {@link LongStep}. */
public interface PlatformProgress {

    void starting(String step);

    /** A step still runs after {@link #reportEvery()}: what it is doing now and how long it has run. */
    void working(String step, String phase, Duration elapsed);

    void ready(String step, Duration took);

    /** A step failed; the failure itself is reported by whoever ran the step. */
    void failed(String step, Duration took);

    void stopping(String component);

    /** A component failed to stop; the platform goes on stopping the others. */
    void stopFailed(String component, RuntimeException failure);

    /** How often a running step reports {@link #working}; a step done sooner reports only its start and end. */
    Duration reportEvery();
}
