package org.aitelemetry.model.usage;

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
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.aitelemetry.model.fleet.GpuDevice;
import org.aitelemetry.model.fleet.GpuSlice;
import org.aitelemetry.model.fleet.ResearchProject;
import org.aitelemetry.model.support.TimestampedEntity;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * One period during which a pod used a GPU or MIG slice, keyed by the alert's (fingerprint, startsAt). The labels are
 * kept whole; the named columns are the ones the API filters on. A final session is also its span's outbox row.
 */
@Entity
@Table(name = "usage_session", uniqueConstraints = @UniqueConstraint(columnNames = {"fingerprint", "starts_at"}))
public class UsageSession extends TimestampedEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, length = 64)
    public String fingerprint;

    @Column(nullable = false)
    public Instant startsAt;

    public Instant endsAt;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public SessionState state = SessionState.OPEN;

    @Enumerated(EnumType.STRING)
    public CloseReason closeReason;

    /** End of the grace period of a closing session. */
    public Instant finalizeAfter;

    @Column(nullable = false, length = 200)
    public String alertName;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public Map<String, String> labels = new HashMap<>();

    @Column(length = 253)
    public String clusterName;

    @Column(length = 253)
    public String nodeName;

    @Column(length = 64)
    public String gpuUuid;

    public Integer gpuInstanceId;

    @Column(length = 63)
    public String namespace;

    @Column(length = 253)
    public String pod;

    @Column(length = 253)
    public String container;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "device_id")
    public GpuDevice device;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "slice_id")
    public GpuSlice slice;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "project_id")
    public ResearchProject project;

    /** Firing notifications received again for this session. */
    @Column(nullable = false)
    public int duplicates;

    /** Firing notifications that arrived after the session was final (they never reopen it). */
    @Column(nullable = false)
    public int lateDuplicates;

    /** Latest notification that concerned this session. */
    public Instant lastSeenAt;

    /** The alert's startsAt the session follows now, when it came back with a new one inside the grace period. */
    public Instant currentStartsAt;

    @Column(length = 200)
    public String gpuModel;

    public Integer gpuIndex;

    @Column(length = 32)
    public String migProfile;

    /** Link to the trace in Tempo, kept because Tempo finds old long spans by trace id rather than by time. */
    @Column(length = 2048)
    public String traceUrl;

    /** Hex trace id derived from the key, so every export of the same session lands in the same trace. */
    @Column(nullable = false, length = 32)
    public String traceId;

    @Column(nullable = false, length = 16)
    public String spanId;

    public Double utilizationAvg;

    public Double energyJoules;

    public Double gpuSeconds;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public ExportState exportState = ExportState.NOT_READY;

    @Column(nullable = false)
    public int exportAttempts;

    public Instant nextExportAt;

    public Instant exportedAt;

    /** The optional zero-length {@code gpu.usage.start} span, exported at open through the same outbox. */
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public ExportState startExportState = ExportState.NOT_READY;

    @Column(length = 2000)
    public String lastExportError;

    /** When the aggregates at close were read from the metric source. */
    public Instant aggregatesAt;
}
