package org.aitelemetry.images.aot;

import java.net.URI;
import java.nio.file.Path;

/**
 * What a training run does with an app once it answers ready: the work whose classes, linkage and method profiles the
 * AOT cache keeps. A cache recorded by a start alone leaves the app's steady work to be loaded and profiled again on
 * every start (benchmarks.md, "The worker on JDK 25").
 */
interface TrainingWorkload {

    /** {@code app}: the app's HTTP address; {@code log}: what the container has printed so far. */
    void exercise(URI app, Path log) throws Exception;
}
