package org.aitelemetry.devkit.launcher;

import java.time.Duration;

/** What a {@link Platform} reports while it starts and stops its components. */
public interface PlatformProgress {

    void starting(String component);

    void ready(String component, Duration took);

    void stopping(String component);

    /** A component failed to stop; the platform goes on stopping the others. */
    void stopFailed(String component, RuntimeException failure);
}
