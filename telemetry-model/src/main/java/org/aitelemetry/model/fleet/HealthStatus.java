package org.aitelemetry.model.fleet;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import java.time.Instant;

/** The current health verdict of a GPU device or node, with the reason a person reads and when it was decided. */
@Embeddable
public class HealthStatus {

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public HealthVerdict health = HealthVerdict.UNKNOWN;

    @Column(length = 2000)
    public String healthReason;

    public Instant healthAt;
}
