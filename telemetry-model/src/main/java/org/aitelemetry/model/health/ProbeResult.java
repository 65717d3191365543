package org.aitelemetry.model.health;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.model.fleet.GpuDevice;
import org.aitelemetry.model.fleet.HealthVerdict;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** The scored outcome of one GPU in a probe run: a verdict, the reasons behind it, and the per-test figures. */
@Entity
@Table(name = "probe_result", uniqueConstraints = @UniqueConstraint(columnNames = {"probe_run_id", "gpu_uuid"}))
public class ProbeResult extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "probe_run_id")
    public ProbeRun run;

    @Column(nullable = false, length = 64)
    public String gpuUuid;

    /** The device, when the UUID is known to the sync. */
    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "device_id")
    public GpuDevice device;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public HealthVerdict verdict;

    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(nullable = false)
    public List<String> reasons = new ArrayList<>();

    /**
     * Per-test figures as the probe reported them: {@code {test: {status, value, unit, baseline, ratio, reason}}}; kept
     * as {@code json} (the text as received), as parsing it into jsonb was most of the ingest's cost.
     */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false, columnDefinition = "json")
    public JsonNode tests;
}
