package org.aitelemetry.model.usage;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import jakarta.persistence.UniqueConstraint;
import java.math.BigDecimal;
import java.time.Instant;
import org.aitelemetry.model.fleet.AiCluster;

/** Usage of one device, slice or project during one clock hour; recomputing an hour replaces its row. */
@Entity
@Table(name = "usage_rollup", uniqueConstraints = @UniqueConstraint(columnNames = {"entity_kind", "entity_id", "hour"}))
public class UsageRollup extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public RollupEntityKind entityKind;

    @Column(nullable = false)
    public long entityId;

    /** Start of the hour (UTC, truncated). */
    @Column(nullable = false)
    public Instant hour;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "cluster_id")
    public AiCluster cluster;

    @Column(nullable = false)
    public double gpuSecondsAllocated;

    @Column(nullable = false)
    public double gpuSecondsUsed;

    /** Allocated GPU-seconds spent below the idle utilization threshold. */
    @Column(nullable = false)
    public double idleGpuSeconds;

    /** Mean utilization over the hour, 0–100. */
    public Double utilizationAvg;

    @Column(nullable = false)
    public double energyJoules;

    /** Cost in the configured currency. */
    @Column(nullable = false, precision = 14, scale = 4)
    public BigDecimal cost = BigDecimal.ZERO;

    @Column(nullable = false)
    public Instant computedAt = Instant.now();
}
