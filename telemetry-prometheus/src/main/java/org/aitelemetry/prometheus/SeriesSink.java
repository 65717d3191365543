package org.aitelemetry.prometheus;

/**
 * Takes a query's series one at a time, while the answer is still arriving. Each attempt of a query gets a sink of its
 * own, so one that a failed attempt filled part-way is simply dropped.
 */
@FunctionalInterface
public interface SeriesSink {

    void accept(Series series);
}
