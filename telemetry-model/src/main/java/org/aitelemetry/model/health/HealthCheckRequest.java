package org.aitelemetry.model.health;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.hibernate.annotations.Generated;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * An on-demand health check asked for through the site, which writes it through a repository; the worker turns it into
 * gpu-probe Jobs with SQL of its own. Extends {@link PanacheEntityBase} only for Panache's accessors of public fields.
 */
@Entity
@Table(name = "health_check_request")
public class HealthCheckRequest extends PanacheEntityBase {

    /** Assigned by the site when the request is accepted, so the caller can follow it at once. */
    @Id
    public UUID id;

    /** Subject (user or service account) who asked. */
    @Column(nullable = false)
    public String requestedBy;

    @Column(nullable = false)
    public Long clusterId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public HealthCheckTarget targetKind;

    @Column(length = 253)
    public String nodeName;

    @Column(length = 63)
    public String namespace;

    @Column(length = 1000)
    public String podSelector;

    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(nullable = false)
    public List<String> podNames = new ArrayList<>();

    /** Probe test keys to run; empty means the default suite. */
    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(nullable = false)
    public List<String> tests = new ArrayList<>();

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public HealthCheckState state = HealthCheckState.PENDING;

    @Column(length = 2000)
    public String stateReason;

    @Column(length = 253)
    public String jobName;

    /**
     * The database's clock stamps both times ({@code DEFAULT now()}), as it does the worker's updates, so the site's
     * rate window, counted against {@code now()}, never mixes two clocks; Hibernate reads them back after the insert.
     */
    @Generated
    @Column(insertable = false, updatable = false)
    public Instant createdAt;

    @Generated
    @Column(insertable = false, updatable = false)
    public Instant updatedAt;
}
