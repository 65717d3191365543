package org.aitelemetry.model.fleet;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import jakarta.persistence.UniqueConstraint;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A research team's namespace on a cluster: what it requests, and the health flags of its workloads. */
@Entity
@Table(name = "research_project", uniqueConstraints = @UniqueConstraint(columnNames = {"cluster_id", "namespace"}))
public class ResearchProject extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "cluster_id")
    public AiCluster cluster;

    @Column(nullable = false, length = 63)
    public String namespace;

    @Column(length = 200)
    public String title;

    @Column(length = 4000)
    public String description;

    @Column(nullable = false)
    public boolean active = true;

    /** Whole GPUs requested by the project's pods ({@code nvidia.com/gpu}). */
    @Column(nullable = false)
    public double gpusRequested;

    /** MIG slices requested, by resource name, e.g. {@code {"nvidia.com/mig-1g.10gb": 2}}. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public Map<String, Integer> migRequested = new HashMap<>();

    @Column(nullable = false)
    public int restartingPods;

    @Column(nullable = false)
    public int terminatingPods;

    /** PersistentVolumeClaims more than 95 % full. */
    @Column(nullable = false)
    public int fullPvcs;

    @Column(nullable = false)
    public boolean vllmDetected;

    /** When the health flags were last evaluated. */
    public Instant flagsAt;

    @Embedded
    public Presence presence = new Presence();
}
