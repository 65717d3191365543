package org.aitelemetry.model.fleet;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A Kubernetes/OpenShift cluster with GPUs, as one metric source reports it (ACM's {@code cluster} label). */
@Entity
@Table(name = "ai_cluster", uniqueConstraints = @UniqueConstraint(columnNames = {"source_id", "name"}))
public class AiCluster extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "source_id")
    public MetricSource source;

    @Column(nullable = false, length = 253)
    public String name;

    @Column(nullable = false)
    public int nodeCount;

    @Column(nullable = false)
    public int gpuCount;

    @Column(nullable = false)
    public int sliceCount;

    /** Distinct GPU product names present, e.g. {@code ["NVIDIA H100 80GB HBM3"]}. */
    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(nullable = false)
    public List<String> gpuModels = new ArrayList<>();

    public Instant lastSyncAt;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public SyncStatus syncStatus = SyncStatus.NEVER;

    @Embedded
    public Presence presence = new Presence();
}
