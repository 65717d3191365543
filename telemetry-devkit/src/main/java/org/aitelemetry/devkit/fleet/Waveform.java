package org.aitelemetry.devkit.fleet;

/**
 * {@code base + amplitude · sin(2π·t / period + phase)}, with {@code t} in seconds since the fleet's epoch. A sine has a
 * closed-form integral, so energy counters are exact integrals of power at any instant, in constant time.
 */
public record Waveform(double base, double amplitude, double periodSeconds, double phase) {

    public double valueAt(double t) {
        return base + amplitude * Math.sin(omega() * t + phase);
    }

    /** The integral of the waveform from {@code from} to {@code to} seconds. */
    public double integral(double from, double to) {
        return base * (to - from) - amplitude / omega() * (Math.cos(omega() * to + phase) - Math.cos(omega() * from + phase));
    }

    private double omega() {
        return 2 * Math.PI / periodSeconds;
    }
}
