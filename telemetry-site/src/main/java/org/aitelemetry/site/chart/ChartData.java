package org.aitelemetry.site.chart;

import java.time.Instant;
import java.util.List;

/**
 * What the browser draws: lines of {@code [epoch millis, value]} points, and notices for lines that could not be read
 * (a source the site has no configuration for, or one that answered with warnings).
 */
public record ChartData(String chart, String title, String unit, String range, Instant from, Instant to,
        List<Line> series, List<String> notices) {

    public record Line(String name, List<double[]> points) {
    }
}
