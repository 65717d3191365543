package org.aitelemetry.site.chart;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/** The windows a chart may show, each drawn with about {@value #POINTS} points. */
public enum ChartRange {
    HOUR("1h", Duration.ofHours(1)),
    SIX_HOURS("6h", Duration.ofHours(6)),
    DAY("24h", Duration.ofDays(1)),
    WEEK("7d", Duration.ofDays(7)),
    MONTH("30d", Duration.ofDays(30));

    static final int POINTS = 120;
    /** Never finer than the scrape interval of a typical source. */
    private static final Duration MIN_STEP = Duration.ofSeconds(15);

    private final String label;
    private final Duration length;

    ChartRange(String label, Duration length) {
        this.label = label;
        this.length = length;
    }

    public String label() {
        return label;
    }

    public Duration length() {
        return length;
    }

    /** Range / 120, well above Prometheus' floor of range / 11,000 (contracts.md §4). */
    public Duration step() {
        Duration step = length.dividedBy(POINTS);
        return step.compareTo(MIN_STEP) < 0 ? MIN_STEP : step;
    }

    public static Optional<ChartRange> parse(String label) {
        return Arrays.stream(values()).filter(range -> range.label.equals(label)).findFirst();
    }
}
