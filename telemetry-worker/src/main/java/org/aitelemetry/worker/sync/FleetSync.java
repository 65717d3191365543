package org.aitelemetry.worker.sync;

import static org.aitelemetry.worker.sql.SqlValues.utc;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.aitelemetry.model.fleet.SyncStatus;
import org.aitelemetry.prometheus.PrometheusClient;
import org.aitelemetry.prometheus.dcgm.DcgmLabels;
import org.aitelemetry.prometheus.kube.LabelVariants;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.aitelemetry.worker.allocation.ProjectMetadataMapping;
import org.aitelemetry.worker.catalogue.PassthroughDevices;
import org.aitelemetry.worker.config.SelfTracing;
import org.aitelemetry.worker.config.WorkerConfig;
import org.aitelemetry.worker.promql.QueryCatalogue;
import org.aitelemetry.worker.source.LockedSourceCycle;
import org.aitelemetry.worker.source.SharedSourceCycle;
import org.aitelemetry.worker.source.SourceCycles;
import org.jboss.logging.Logger;

/**
 * One sync cycle per configured source, shared among the replicas ({@link SharedSourceCycle}): take the source's
 * advisory lock and check it is not yet done in this cycle (so exactly one replica writes, once), read the fleet
 * with a fixed set of aggregated queries, write it in batches, and record the outcome on the source's row. A failed
 * read writes nothing and leaves every entity as it was.
 */
@ApplicationScoped
public class FleetSync {

    private static final Logger LOG = Logger.getLogger(FleetSync.class);

    /** The sync's lock space and cycle marks: one replica syncs a source, once per cycle. */
    static final String LOCK_NAME = "telemetry.fleet-sync";

    private final Pool pool;
    private final LockedSourceCycle cycle;
    private final SharedSourceCycle share;
    private final SourceClients clients;
    private final WorkerConfig.SyncConfig config;
    private final DcgmLabels dcgmLabels;
    private final QueryCatalogue queries;
    private final ProjectMetadataMapping metadata;
    private final PassthroughDevices passthroughDevices;

    FleetSync(Pool pool, SourceCycles cycles, SourceClients clients, QueryCatalogue queries,
            ProjectMetadataMapping metadata, PassthroughDevices passthroughDevices, WorkerConfig config) {
        this.metadata = metadata;
        this.passthroughDevices = passthroughDevices;
        this.pool = pool;
        this.cycle = cycles.locked(LOCK_NAME, config.sync().every());
        this.share = cycles.shared(cycle);
        this.clients = clients;
        this.queries = queries;
        this.config = config.sync();
        this.dcgmLabels = new DcgmLabels(config.exporterContainers());
    }

    /** Syncs this replica's share of the configured sources in this cycle, one after the other. */
    @WithSpan("FleetSync.syncAll")
    public Uni<List<SyncReport>> syncAll() {
        return share.run(clients.definitions(), this::sync);
    }

    @WithSpan("FleetSync.sync")
    public Uni<SyncReport> sync(SourceDefinition source) {
        Span.current().setAttribute(SelfTracing.SOURCE, source.name());
        Instant started = Instant.now();
        return cycle.sourceId(source.name()).chain(id -> cycle.run(id,
                        connection -> readAndWrite(connection, source, id, started),
                        () -> SyncReport.skipped(source.name()))
                .onFailure().recoverWithUni(failure -> recordFailure(source, id, started, failure)))
                .invoke(FleetSync::log);
    }

    private Uni<SyncReport> readAndWrite(SqlConnection connection, SourceDefinition source, long id, Instant started) {
        PrometheusClient client = clients.client(source);
        LabelVariants labels = new LabelVariants(source.defaultCluster());
        return new FleetReader(client, queries, labels, dcgmLabels).read(started)
                .chain(results -> new GpuFinder(client, queries).find(results, started).chain(found -> {
                    FleetSnapshot snapshot = new SnapshotAssembler(labels, dcgmLabels, metadata, passthroughDevices)
                            .assemble(results, found);
                    return new FleetWriter(connection, id, snapshot, started, config.missingAfterCycles()).write()
                            .call(rows -> recordStatus(connection, id, started,
                                    snapshot.complete() ? SyncStatus.OK : SyncStatus.INCOMPLETE, statusMessage(snapshot)))
                            .map(rows -> report(source, snapshot, results, FleetReader.queriesPerCycle() + found.queries(),
                                    rows, started));
                }));
    }

    /** What the source's row shows beside the status: why a read was partial, else what the operator should know. */
    private static String statusMessage(FleetSnapshot snapshot) {
        if (!snapshot.complete()) {
            return "incomplete result: " + String.join("; ", snapshot.warnings());
        }
        return snapshot.notices().isEmpty() ? null : String.join("; ", snapshot.notices());
    }

    private Uni<SyncReport> recordFailure(SourceDefinition source, long id, Instant started, Throwable failure) {
        String message = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        return pool.withConnection(connection -> recordStatus(connection, id, started, SyncStatus.FAILED, message))
                .map(ignored -> new SyncReport(source.name(), SyncStatus.FAILED, false, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                        Duration.between(started, Instant.now()), message));
    }

    private static Uni<Void> recordStatus(SqlConnection connection, long id, Instant at, SyncStatus status, String message) {
        String bounded = message == null || message.length() <= 2000 ? message : message.substring(0, 2000);
        return connection.preparedQuery(FleetSql.SOURCE_STATUS)
                .execute(Tuple.of(id, utc(at), status.name(), bounded)).replaceWithVoid();
    }

    private static SyncReport report(SourceDefinition source, FleetSnapshot snapshot, FleetQueryResults results,
            int queries, int rows, Instant started) {
        int nodes = 0;
        int devices = 0;
        int slices = 0;
        int projects = 0;
        int vms = 0;
        for (FleetSnapshot.ClusterObservation cluster : snapshot.clusters().values()) {
            nodes += cluster.nodes().size();
            devices += cluster.devices().size();
            slices += cluster.slices().size();
            projects += cluster.projects().size();
            vms += cluster.virtualMachines().size();
        }
        return new SyncReport(source.name(), snapshot.complete() ? SyncStatus.OK : SyncStatus.INCOMPLETE, false,
                queries, results.seriesCount(), snapshot.clusters().size(), nodes, devices, slices, projects, vms, rows,
                Duration.between(started, Instant.now()), Stream.concat(snapshot.warnings().stream(),
                        snapshot.notices().stream()).collect(Collectors.joining("; ")));
    }

    private static void log(SyncReport report) {
        if (report.status() == SyncStatus.FAILED) {
            LOG.warnf("Fleet sync of %s failed after %d ms: %s", report.source(), report.duration().toMillis(), report.message());
        } else if (!report.skipped()) {
            LOG.infof("Fleet sync of %s: %s, %d clusters, %d nodes, %d GPUs, %d MIG slices, %d projects, "
                    + "%d VMs with GPUs, %d rows written, %d queries, %d ms", report.source(), report.status(),
                    report.clusters(), report.nodes(), report.devices(), report.slices(), report.projects(),
                    report.virtualMachines(), report.rowsWritten(), report.queries(), report.duration().toMillis());
            if (!report.message().isEmpty()) {
                LOG.warnf("Fleet sync of %s: %s", report.source(), report.message());
            }
        }
    }
}
