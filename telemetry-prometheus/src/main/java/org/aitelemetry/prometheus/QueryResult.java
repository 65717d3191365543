package org.aitelemetry.prometheus;

import java.util.List;

/**
 * The data of a successful query. A result that came with warnings (Thanos or Observatorium partial responses, for
 * example) is incomplete: callers must never conclude that something absent from it is gone.
 */
public record QueryResult(String resultType, List<Series> series, List<String> warnings) {

    public QueryResult {
        series = List.copyOf(series);
        warnings = List.copyOf(warnings);
    }

    public boolean incomplete() {
        return !warnings.isEmpty();
    }
}
