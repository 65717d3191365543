package org.aitelemetry.worker.usage;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import org.aitelemetry.prometheus.PrometheusClient;
import org.aitelemetry.worker.promql.QueryCatalogue;

/** Sends one hour's four range queries to a source at once; one failing (after the client's retries) fails it. */
final class UsageReader {

    private final PrometheusClient client;
    private final QueryCatalogue queries;
    private final Duration step;

    UsageReader(PrometheusClient client, QueryCatalogue queries, Duration step) {
        this.client = client;
        this.queries = queries;
        this.step = step;
    }

    Uni<HourSeries> read(HourWindow window) {
        return Uni.combine().all().unis(
                        client.queryRange(queries.gpuUtilization(), window.start(), window.end(), step),
                        client.queryRange(queries.sliceActivity(), window.start(), window.end(), step),
                        client.queryRange(queries.energy(), window.start(), window.end(), step),
                        client.queryRange(queries.vmGpusHeld(), window.start(), window.end(), step))
                .asTuple()
                .map(results -> new HourSeries(results.getItem1(), results.getItem2(), results.getItem3(),
                        results.getItem4()));
    }
}
