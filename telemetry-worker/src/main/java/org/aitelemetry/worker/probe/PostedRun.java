package org.aitelemetry.worker.probe;

/**
 * A probe run as posted and checked, waiting to be stored and scored.
 *
 * @param node the node the run is linked by ({@link ProbeNodeScope#nodeOf})
 */
public record PostedRun(ProbeReport report, ProbeNodeScope.Node node) {
}
