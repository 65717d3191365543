package org.aitelemetry.model.fleet;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.CascadeType;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;
import jakarta.persistence.PrePersist;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A GPU SKU of the catalogue, keyed by the product name dcgm-exporter reports ({@code modelName}). */
@Entity
@Table(name = "gpu")
public class Gpu extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, unique = true, length = 200)
    public String productName;

    @Column(length = 64)
    public String architecture;

    public Long memoryMib;

    /** Datasheet HBM/GDDR bandwidth in GB/s. */
    public Double memoryBandwidthGbps;

    public Double tdpWatts;

    /** True when the row comes from the shipped catalogue; false when the sync met an unknown model. */
    @Column(nullable = false)
    public boolean catalogued;

    @Column(nullable = false)
    public Instant createdAt;

    @OneToMany(mappedBy = "gpu", cascade = CascadeType.ALL, orphanRemoval = true)
    public List<GpuPrecision> precisions = new ArrayList<>();

    public static Uni<Gpu> findByProductName(String productName) {
        return find("productName", productName).firstResult();
    }

    /** Adds the peak and achievable throughput of one precision, keeping both sides of the relation in step. */
    public GpuPrecision addPrecision(Precision precision, Double peakTflops, Double achievableTflops) {
        GpuPrecision row = new GpuPrecision();
        row.gpu = this;
        row.precision = precision;
        row.peakTflops = peakTflops;
        row.achievableTflops = achievableTflops;
        precisions.add(row);
        return row;
    }

    @PrePersist
    void stampCreation() {
        if (createdAt == null) {
            createdAt = Instant.now();
        }
    }
}
