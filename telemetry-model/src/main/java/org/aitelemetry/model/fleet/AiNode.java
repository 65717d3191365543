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
import java.util.HashMap;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A node of a cluster that has GPUs. */
@Entity
@Table(name = "ai_node", uniqueConstraints = @UniqueConstraint(columnNames = {"cluster_id", "name"}))
public class AiNode extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "cluster_id")
    public AiCluster cluster;

    @Column(nullable = false, length = 253)
    public String name;

    @Column(nullable = false)
    public int gpuCount;

    /** The node's {@code nvidia.com/gpu.product} label. */
    @Column(length = 200)
    public String gpuProduct;

    @Column(length = 64)
    public String driverVersion;

    @Column(length = 64)
    public String cudaVersion;

    @Column(length = 128)
    public String kernelVersion;

    @Column(length = 256)
    public String osImage;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public Map<String, String> labels = new HashMap<>();

    @Embedded
    public HealthStatus health = new HealthStatus();

    @Embedded
    public Presence presence = new Presence();
}
