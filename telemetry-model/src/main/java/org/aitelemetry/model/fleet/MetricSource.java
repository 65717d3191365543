package org.aitelemetry.model.fleet;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.PrePersist;
import jakarta.persistence.PreUpdate;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * One Prometheus-compatible endpoint (Prometheus, Thanos Querier or Observatorium) the worker syncs from, written at
 * start through the worker's repository. Extends {@link PanacheEntityBase} only for Panache's accessors of public
 * fields.
 */
@Entity
@Table(name = "metric_source")
public class MetricSource extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, unique = true, length = 100)
    public String name;

    @Column(nullable = false, length = 2048)
    public String url;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public AuthMode authMode = AuthMode.NONE;

    /** Observatorium tenant; null for Prometheus and Thanos. */
    @Column(length = 100)
    public String tenant;

    /** Cluster name to use when the source's series carry no {@code cluster} label (a single-cluster Prometheus). */
    @Column(length = 100)
    public String clusterLabel;

    public Instant lastSyncAt;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public SyncStatus syncStatus = SyncStatus.NEVER;

    @Column(length = 2000)
    public String syncMessage;

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
