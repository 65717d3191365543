package org.aitelemetry.devkit.bench;

/**
 * When each request of an open-loop run is due: ticket i at {@code start + i / rate}, whether or not earlier answers
 * came. Latency counts from the due time, so a stall delays every request behind it and shows in the percentiles
 * instead of silently lowering the offered rate (coordinated omission). The first {@code warmupTickets} are not
 * measured.
 */
record Timetable(long startNanos, double rate, long warmupTickets, long tickets) {

    static Timetable of(long startNanos, int rate, int warmupSeconds, int seconds) {
        return new Timetable(startNanos, rate, (long) rate * warmupSeconds, (long) rate * (warmupSeconds + seconds));
    }

    long dueNanos(long ticket) {
        return startNanos + (long) (ticket * 1e9 / rate);
    }

    boolean measured(long ticket) {
        return ticket >= warmupTickets;
    }

    long measuredTickets() {
        return tickets - warmupTickets;
    }

    /** Length of the measured part of the timetable. */
    double measuredSeconds() {
        return measuredTickets() / rate;
    }
}
