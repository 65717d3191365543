package org.aitelemetry.model.support;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.PrePersist;
import jakarta.persistence.PreUpdate;
import java.time.Instant;

/** An entity that records when it was created and last changed. */
@MappedSuperclass
public abstract class TimestampedEntity extends PanacheEntityBase {

    @Column(nullable = false)
    public Instant createdAt;

    @Column(nullable = false)
    public Instant updatedAt;

    @PrePersist
    @PreUpdate
    void touch() {
        updatedAt = Instant.now();
        if (createdAt == null) {
            createdAt = updatedAt;
        }
    }
}
