package org.aitelemetry.devkit;

/**
 * A part of the local stack (PostgreSQL, Prometheus, Alertmanager, Kafka, Keycloak, the OTLP receiver and the in-process
 * fleet simulator). Components start on free loopback ports, keep their logs under the {@link Workspace}, and stop
 * without leaving a process behind.
 */
public interface Component extends AutoCloseable {

    /** Short name, used for the log folder and progress output. */
    String name();

    /** Starts the component and returns once it accepts connections. Starting a started component does nothing. */
    void start() throws Exception;

    /** What a start that takes long is doing now (e.g. Keycloak building itself), for progress output. */
    default String startPhase() {
        return "starting";
    }

    /** Stops the process; a later {@link #start()} brings it back with the same port and data. */
    void stop();

    /** Stops the process and removes what it wrote, except its logs. */
    @Override
    void close();
}
