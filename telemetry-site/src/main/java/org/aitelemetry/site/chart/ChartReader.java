package org.aitelemetry.site.chart;

import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.Sample;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.aitelemetry.site.chart.ChartData.Line;

/**
 * Runs a named chart's range queries against the sources of its clusters, all at once. A source the site is not
 * configured for, or an incomplete answer, becomes a notice on the chart; a source that fails makes the whole chart
 * fail (the page shows it and the user retries).
 */
@ApplicationScoped
public class ChartReader {

    private final SourceClients sources;
    private final Clock clock;

    public ChartReader(SourceClients sources) {
        this.sources = sources;
        this.clock = Clock.systemUTC();
    }

    @WithSpan("ChartReader.draw")
    public Uni<ChartData> draw(ChartName chart, ChartTarget target, ChartRange range) {
        // Ends now: a window ending at the last step boundary would miss the latest readings (all of them, on a
        // source that started less than a step ago).
        Instant to = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        Instant from = to.minus(range.length());
        List<SeriesQuery> queries = chart.queries(target, range.step());
        List<Uni<Drawn>> lines = queries.stream().map(query -> line(query, from, to, range)).toList();
        Uni<List<Drawn>> drawn = lines.isEmpty() ? Uni.createFrom().item(List.of())
                : Uni.join().all(lines).andFailFast();
        return drawn.map(all -> {
            List<Line> series = new ArrayList<>();
            List<String> notices = new ArrayList<>();
            all.forEach(line -> {
                series.add(line.line());
                line.notice().ifPresent(notices::add);
            });
            return new ChartData(chart.id(), chart.title(), chart.unit(), range.label(), from, to, series, notices);
        });
    }

    private Uni<Drawn> line(SeriesQuery query, Instant from, Instant to, ChartRange range) {
        Optional<SourceDefinition> source = sources.definitions().stream()
                .filter(definition -> definition.name().equals(query.cluster().source())).findFirst();
        if (source.isEmpty()) {
            return Uni.createFrom().item(new Drawn(new Line(query.legend(), List.of()), Optional.of("metric source '"
                    + query.cluster().source() + "' of cluster " + query.cluster().name()
                    + " is not configured on the site (telemetry.sources." + query.cluster().source() + ".url)")));
        }
        return sources.client(source.get()).queryRange(query.promql(), from, to, range.step())
                .map(result -> drawn(query, result));
    }

    private static Drawn drawn(SeriesQuery query, QueryResult result) {
        List<double[]> points = new ArrayList<>();
        for (Series series : result.series()) {
            for (Sample sample : series.samples()) {
                if (Double.isFinite(sample.value())) {
                    points.add(new double[] {sample.time().toEpochMilli(), sample.value()});
                }
            }
        }
        points.sort((a, b) -> Double.compare(a[0], b[0]));
        Optional<String> notice = result.incomplete()
                ? Optional.of(query.legend() + ": the source answered with warnings; the line may be incomplete")
                : Optional.empty();
        return new Drawn(new Line(query.legend(), points), notice);
    }

    private record Drawn(Line line, Optional<String> notice) {
    }
}
