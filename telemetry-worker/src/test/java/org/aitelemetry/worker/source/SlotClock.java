package org.aitelemetry.worker.source;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The replicas' clock in a test: it stands still, a little way into whichever cycle slot the test moves it to. */
final class SlotClock extends Clock {

    static final Duration INTERVAL = Duration.ofMinutes(1);
    static final String EVERY = "60s";

    private volatile Instant now = Instant.EPOCH;

    /** Moves to {@code offset} into the slot. */
    void moveTo(long slot, Duration offset) {
        now = Instant.ofEpochMilli(slot * INTERVAL.toMillis()).plus(offset);
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the replicas read instants only");
    }
}
