package org.aitelemetry.devkit.grafana;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every selector of a DCGM or kube-state-metrics series names its exporter's scrape job, as the worker's selectors do:
 * a tenant's ServiceMonitor can publish the same names with another team's namespace (acceptance scenario 30). A
 * recorded series ({@code cluster_gpu_pod:DCGM_FI_DEV_FB_USED:max}, AMD's {@code cluster_gpu_pod:gpu_used_vram:max}) is
 * already filtered by its rule.
 */
final class ExporterJobRule {

    private static final Map<String, String> JOB_BY_PREFIX = Map.of("DCGM_FI_", "job=\"nvidia-dcgm-exporter\"",
            "kube_", "job=\"kube-state-metrics\"");
    private static final Pattern EXPORTER_SERIES = Pattern.compile("(?<![:\\w])(DCGM_FI_\\w+|kube_\\w+)");

    private ExporterJobRule() {
    }

    /** The selectors of {@code promql} that do not name their exporter's job; empty when all do. */
    static List<String> violations(String promql) {
        List<String> violations = new ArrayList<>();
        Matcher series = EXPORTER_SERIES.matcher(promql);
        while (series.find()) {
            if (insideString(promql, series.start())) {
                continue;
            }
            String name = series.group(1);
            String job = JOB_BY_PREFIX.get(name.startsWith("kube_") ? "kube_" : "DCGM_FI_");
            int end = series.end();
            if (end >= promql.length() || promql.charAt(end) != '{') {
                violations.add(name + " without a selector");
                continue;
            }
            String selector = promql.substring(end, promql.indexOf('}', end) + 1);
            if (!selector.contains(job)) {
                violations.add(name + selector + " without " + job);
            }
        }
        return violations;
    }

    /** A name in a string (a {@code __name__} regex naming recorded series) is a label value, not a selector. */
    private static boolean insideString(String promql, int at) {
        return promql.substring(0, at).chars().filter(c -> c == '"').count() % 2 == 1;
    }
}
