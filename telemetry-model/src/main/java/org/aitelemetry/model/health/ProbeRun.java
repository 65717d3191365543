package org.aitelemetry.model.health;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.CascadeType;
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
import jakarta.persistence.OneToMany;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.model.fleet.AiNode;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One gpu-probe run on one node, as posted by the probe; the raw report is kept whole. */
@Entity
@Table(name = "probe_run")
public class ProbeRun extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    /** The probe's own run id: posting the same run twice is a no-op. */
    @Column(nullable = false, unique = true)
    public UUID runId;

    /** The node, when the hostname matched a known one. */
    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "node_id")
    public AiNode node;

    @Column(nullable = false, length = 253)
    public String hostname;

    /** The on-demand request that caused this run, if any. */
    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "request_id")
    public HealthCheckRequest request;

    @Column(nullable = false, length = 16)
    public String schemaVersion;

    @Column(length = 64)
    public String probeVersion;

    @Column(nullable = false)
    public Instant startedAt;

    @Column(nullable = false)
    public Instant finishedAt;

    @Column(nullable = false)
    public Instant receivedAt = Instant.now();

    public Integer exitCode;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public ProbeVerdict verdict;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public JsonNode report;

    @OneToMany(mappedBy = "run", cascade = CascadeType.ALL, orphanRemoval = true)
    public List<ProbeResult> results = new ArrayList<>();

    public static Uni<ProbeRun> findByRunId(UUID runId) {
        return find("runId", runId).firstResult();
    }

    /** Adds the scored result of one GPU, keeping both sides of the relation in step. */
    public ProbeResult addResult(ProbeResult result) {
        result.run = this;
        results.add(result);
        return result;
    }
}
