package org.aitelemetry.model.fleet;

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

/** Throughput of a SKU at one precision: the datasheet peak and the achievable figure probes are scored against. */
@Entity
@Table(name = "gpu_precision", uniqueConstraints = @UniqueConstraint(columnNames = {"gpu_id", "precision"}))
public class GpuPrecision extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "gpu_id")
    public Gpu gpu;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 8)
    public Precision precision;

    /** Datasheet dense peak in TFLOP/s. */
    public Double peakTflops;

    /** Measured achievable throughput in TFLOP/s (e.g. H100 SXM BF16 ≈ 794 of 989 peak). */
    public Double achievableTflops;
}
