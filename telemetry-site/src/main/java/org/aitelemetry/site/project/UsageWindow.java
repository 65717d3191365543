package org.aitelemetry.site.project;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/** The windows a project page reports usage over, each with the bucket width its table and chart use. */
public enum UsageWindow {
    DAY("24h", Duration.ofDays(1), Granularity.hour),
    WEEK("7d", Duration.ofDays(7), Granularity.day),
    MONTH("30d", Duration.ofDays(30), Granularity.day);

    private final String label;
    private final Duration length;
    private final Granularity granularity;

    UsageWindow(String label, Duration length, Granularity granularity) {
        this.label = label;
        this.length = length;
        this.granularity = granularity;
    }

    public String label() {
        return label;
    }

    public Duration length() {
        return length;
    }

    public Granularity granularity() {
        return granularity;
    }

    static Optional<UsageWindow> parse(String label) {
        return Arrays.stream(values()).filter(window -> window.label.equals(label)).findFirst();
    }
}
