package org.aitelemetry.worker.usage;

import java.util.List;
import java.util.stream.Stream;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.worker.promql.QueryCatalogue;

/** The answers to one hour's {@link QueryCatalogue}, as they came back from a source. */
record HourSeries(QueryResult gpuUtilization, QueryResult sliceActivity, QueryResult energy, QueryResult vmGpusHeld) {

    /** Warnings make a result incomplete: an hour is then not written at all, rather than written short. */
    List<String> warnings() {
        return Stream.of(gpuUtilization, sliceActivity, energy, vmGpusHeld)
                .flatMap(result -> result.warnings().stream()).toList();
    }
}
