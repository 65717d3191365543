package org.aitelemetry.model.fleet;

import io.smallrye.mutiny.Uni;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.aitelemetry.model.support.TimestampedEntity;

/** One Prometheus-compatible endpoint (Prometheus, Thanos Querier or Observatorium) the worker syncs from. */
@Entity
@Table(name = "metric_source")
public class MetricSource extends TimestampedEntity {

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

    public static Uni<MetricSource> findByName(String name) {
        return find("name", name).firstResult();
    }
}
