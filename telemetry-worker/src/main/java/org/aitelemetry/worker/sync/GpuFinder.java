package org.aitelemetry.worker.sync;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.aitelemetry.prometheus.PrometheusClient;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.worker.promql.QueryCatalogue;

/**
 * The inventory finds GPUs by {@code DCGM_FI_DEV_FB_FREE}, which operators may drop from dcgm-exporter's counter list.
 * When the inventory has fewer series than a reading, or none, one more query finds GPUs by any DCGM field; when that
 * finds none either, one more counts the source's DCGM series per job and namespace, so the cycle can say why it found no GPU
 * instead of reporting "OK, 0 GPUs". A fleet whose exporters publish the field pays nothing.
 */
final class GpuFinder {

    /** What the follow-up queries found: the identities (empty when not needed), notices for the operator, queries sent. */
    record Found(QueryResult identities, List<String> notices, int queries) {

        static final Found NOTHING_NEEDED = new Found(new QueryResult("vector", List.of(), List.of()), List.of(), 0);
    }

    private final PrometheusClient client;
    private final QueryCatalogue queries;

    GpuFinder(PrometheusClient client, QueryCatalogue queries) {
        this.client = client;
        this.queries = queries;
    }

    Uni<Found> find(FleetQueryResults results, Instant at) {
        if (!inventoryFallsShort(results)) {
            return Uni.createFrom().item(Found.NOTHING_NEEDED);
        }
        return client.query(queries.identities(), at).chain(identities -> identities.series().isEmpty()
                ? client.query(queries.dcgmSeriesByJob(), at)
                        .map(jobs -> new Found(identities, List.of(noGpu(jobs, queries.dcgmExporter())), 2))
                : Uni.createFrom().item(new Found(identities, List.of(), 1)));
    }

    /**
     * A reading has more series than the inventory (keyed by more labels, it never has fewer), or no GPU of either
     * vendor was found: a source of AMD GPUs alone needs no DCGM search.
     */
    static boolean inventoryFallsShort(FleetQueryResults results) {
        int inventory = results.inventory().series().size();
        return inventory == 0 && results.amdInventory().series().isEmpty()
                || results.readings().mostSeries() > inventory;
    }

    /** Why a source yielded no GPU, from its DCGM series per job and the exporter's selector. */
    static String noGpu(QueryResult seriesByJob, String exporter) {
        if (seriesByJob.series().isEmpty()) {
            return "found no GPU: the source has no DCGM_FI_* series (is dcgm-exporter scraped into it?)";
        }
        long total = Math.round(seriesByJob.series().stream().mapToDouble(series -> series.last().value()).sum());
        String jobs = seriesByJob.series().stream()
                .map(series -> series.label("job").orElse("(no job)")
                        + series.label("namespace").map(namespace -> " in " + namespace).orElse("") + " "
                        + Math.round(series.last().value()))
                .sorted().collect(Collectors.joining(", "));
        return "found no GPU: the source has " + total + " DCGM series (per job: " + jobs + "), but none from the"
                + " configured exporter {" + exporter + "} with a UUID and a Hostname label: check"
                + " telemetry.exporters.dcgm.job and .namespace";
    }
}
