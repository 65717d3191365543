package org.aitelemetry.prometheus;

import java.util.ArrayList;
import java.util.List;

/** The sink of callers that want a whole {@link QueryResult}: keeps every series. */
final class SeriesCollector implements SeriesSink {

    private final List<Series> series = new ArrayList<>();

    @Override
    public void accept(Series one) {
        series.add(one);
    }

    static QueryResult result(StreamedAnswer<SeriesCollector> answer) {
        return new QueryResult(answer.resultType(), answer.sink().series, answer.warnings());
    }
}
