package org.aitelemetry.model.fleet;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import java.time.Instant;

/** Whether the sync still sees an entity: rows are never deleted, they become {@link PresenceState#MISSING}. */
@Embeddable
public class Presence {

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public PresenceState state = PresenceState.PRESENT;

    public Instant lastSeenAt;

    /** Complete sync cycles in a row that did not see the entity; reset when it is seen again. */
    @Column(nullable = false)
    public int missedCycles;

    /** Records that a complete sync cycle saw the entity at {@code when}. */
    public void seen(Instant when) {
        state = PresenceState.PRESENT;
        lastSeenAt = when;
        missedCycles = 0;
    }
}
