package org.aitelemetry.site.health;

import java.time.Instant;

/** The optional filters of the probe-run list (null: not filtered); {@code from} inclusive, {@code to} exclusive. */
public record ProbeRunFilter(String cluster, String node, String verdict, Instant from, Instant to) {

    /** Every run. */
    static final ProbeRunFilter NONE = new ProbeRunFilter(null, null, null, null, null);
}
