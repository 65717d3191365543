package org.aitelemetry.site.health;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Instants as the reactive PostgreSQL client binds them to {@code timestamptz}. */
final class Timestamps {

    private Timestamps() {
    }

    /** The instant at UTC; null stays null, so optional filters stay absent. */
    static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }
}
