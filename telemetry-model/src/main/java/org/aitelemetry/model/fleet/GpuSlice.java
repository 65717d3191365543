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

/** A MIG GPU instance of a device, keyed by the device and its GPU instance id ({@code GPU_I_ID}). */
@Entity
@Table(name = "gpu_slice", uniqueConstraints = @UniqueConstraint(columnNames = {"device_id", "gpu_instance_id"}))
public class GpuSlice extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "device_id")
    public GpuDevice device;

    @Column(nullable = false)
    public int gpuInstanceId;

    /** MIG profile ({@code GPU_I_PROFILE}), e.g. {@code 1g.10gb}. */
    @Column(nullable = false, length = 32)
    public String profile;

    /** {@code DCGM_FI_PROF_GR_ENGINE_ACTIVE}, 0–1: the utilization figure that exists for MIG. */
    public Double engineActive;

    public Double memoryUsedMib;

    public Double memoryFreeMib;

    /** Project of the pod currently using the slice, if any. */
    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "project_id")
    public ResearchProject project;

    @Column(length = 253)
    public String pod;

    @Column(length = 253)
    public String container;

    public Instant readingsAt;

    @Embedded
    public Presence presence = new Presence();
}
