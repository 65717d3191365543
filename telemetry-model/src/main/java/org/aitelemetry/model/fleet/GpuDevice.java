package org.aitelemetry.model.fleet;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.smallrye.mutiny.Uni;
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
import java.time.Instant;

/** A physical GPU, keyed by its UUID (never by index or hostname, which change), with its latest readings. */
@Entity
@Table(name = "gpu_device")
public class GpuDevice extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, unique = true, length = 64)
    public String uuid;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "node_id")
    public AiNode node;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "gpu_id")
    public Gpu gpu;

    /** Index of the GPU on its node as the driver numbers it; informative only. */
    public Integer gpuIndex;

    @Column(length = 32)
    public String pciBusId;

    @Column(length = 64)
    public String serial;

    @Column(nullable = false)
    public boolean migEnabled;

    /** Latest {@code DCGM_FI_DEV_GPU_UTIL} in percent. */
    public Double utilizationPercent;

    public Double memoryUsedMib;

    public Double memoryFreeMib;

    public Double powerWatts;

    public Double temperatureCelsius;

    public Double memoryTemperatureCelsius;

    /** Energy counter converted to joules (dcgm-exporter reports millijoules). */
    public Double energyJoules;

    /** When the readings above were sampled. */
    public Instant readingsAt;

    @Embedded
    public HealthStatus health = new HealthStatus();

    @Embedded
    public Presence presence = new Presence();

    public static Uni<GpuDevice> findByUuid(String uuid) {
        return find("uuid", uuid).firstResult();
    }
}
