package org.aitelemetry.model.health;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.model.fleet.AiCluster;
import org.aitelemetry.model.support.TimestampedEntity;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** An on-demand health check asked for through the site; the worker turns it into gpu-probe Jobs and records their runs. */
@Entity
@Table(name = "health_check_request")
public class HealthCheckRequest extends TimestampedEntity {

    /** Assigned by the site when the request is accepted, so the caller can follow it at once. */
    @Id
    public UUID id;

    /** Subject (user or service account) who asked. */
    @Column(nullable = false)
    public String requestedBy;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "cluster_id")
    public AiCluster cluster;

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

    @OneToMany(mappedBy = "request")
    public List<ProbeRun> runs = new ArrayList<>();
}
