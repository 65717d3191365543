package org.aitelemetry.devkit.prometheus;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One endpoint Prometheus scrapes. Targets sharing a job name become one scrape job; the path travels as the target's
 * {@code __metrics_path__}, so one job can read several paths of the same server (one per simulated cluster).
 *
 * @param job     the {@code job} label, e.g. {@code dcgm-exporter}
 * @param address {@code host:port}
 * @param metricsPath path of the text exposition, e.g. {@code /metrics}
 * @param labels  extra target labels, e.g. {@code cluster=hub-a} as ACM adds per managed cluster
 */
public record ScrapeTarget(String job, String address, String metricsPath, Map<String, String> labels) {

    public ScrapeTarget {
        if (!metricsPath.startsWith("/")) {
            throw new IllegalArgumentException("metrics path must start with '/': " + metricsPath);
        }
        labels.keySet().stream()
                .filter(label -> !label.matches("[a-zA-Z_][a-zA-Z0-9_]*") || label.startsWith("__"))
                .findAny()
                .ifPresent(label -> {
                    throw new IllegalArgumentException("not a target label name: " + label);
                });
        labels = Collections.unmodifiableMap(new TreeMap<>(labels));
    }
}
