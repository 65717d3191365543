package org.aitelemetry.site.chart;

import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * PromQL text built only from values the site resolved in PostgreSQL (cluster names, namespaces, GPU UUIDs), quoted as
 * PromQL strings, never from request text. Selectors cover the label spellings of contracts.md §5: native exporters
 * ({@code UUID}, {@code namespace}) and federated ones ({@code uuid}, {@code exported_namespace}).
 */
final class Promql {

    private static final String LOCAL_CLUSTER = "local-cluster";

    private Promql() {
    }

    /** A double-quoted PromQL string literal. */
    static String quoted(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }

    /**
     * Series of one cluster: those labelled with its name, and, for the cluster its source names as its own, also those
     * with no {@code cluster} label or the ACM hub's {@code local-cluster} (as the worker's sync reads them).
     */
    static String clusterMatcher(ChartTarget.Cluster cluster) {
        if (cluster.sourceDefault()) {
            return "cluster=~" + quoted(regexLiteral(cluster.name()) + "|" + LOCAL_CLUSTER + "|");
        }
        return "cluster=" + quoted(cluster.name());
    }

    /**
     * {@code wrap(metric{matchers, label="value"})} for each spelling of the label, joined with {@code or}: a range
     * function must wrap each selector, as {@code or} does not take range vectors.
     */
    static String eitherLabel(String metric, String matchers, String value, UnaryOperator<String> wrap,
            String... labelNames) {
        StringBuilder expression = new StringBuilder("(");
        for (String label : labelNames) {
            if (expression.length() > 1) {
                expression.append(" or ");
            }
            expression.append(wrap.apply(metric + '{' + matchers + ", " + label + '=' + quoted(value) + '}'));
        }
        return expression.append(')').toString();
    }

    static String seconds(Duration duration) {
        return duration.toSeconds() + "s";
    }

    private static String regexLiteral(String value) {
        return value.replaceAll("[\\\\.^$|?*+()\\[\\]{}]", "\\\\$0");
    }
}
