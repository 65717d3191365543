package org.aitelemetry.prometheus;

import java.util.List;

/**
 * A successful query whose series went to {@code sink} as they were read. Warnings (Thanos or Observatorium partial
 * responses, for example) make it incomplete: callers must never conclude that something absent from it is gone.
 */
public record StreamedAnswer<S extends SeriesSink>(S sink, String resultType, int seriesCount, List<String> warnings) {

    public StreamedAnswer {
        warnings = List.copyOf(warnings);
    }

    public boolean incomplete() {
        return !warnings.isEmpty();
    }
}
