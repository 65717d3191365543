package org.aitelemetry.site.chart;

import static org.aitelemetry.prometheus.PromqlString.literal;
import static org.aitelemetry.prometheus.kube.KubeLabel.CLUSTER;
import static org.aitelemetry.prometheus.kube.KubeLabel.LOCAL_CLUSTER;

import java.time.Duration;
import java.util.function.UnaryOperator;
import org.aitelemetry.prometheus.dcgm.DcgmField;

/**
 * PromQL text built only from values the site resolved in PostgreSQL (cluster names, namespaces, GPU UUIDs), quoted as
 * PromQL strings, never from request text. Selectors cover the label spellings of contracts.md §5: native exporters
 * ({@code UUID}, {@code namespace}) and federated ones ({@code uuid}, {@code exported_namespace}).
 */
final class Promql {

    private Promql() {
    }

    /**
     * Series of one cluster: those labelled with its name, and, for the cluster its source names as its own, also those
     * with no {@code cluster} label or the ACM hub's {@code local-cluster} (as the worker's sync reads them).
     */
    static String clusterMatcher(ChartTarget.Cluster cluster) {
        if (cluster.sourceDefault()) {
            return CLUSTER + "=~" + literal(regexLiteral(cluster.name()) + "|" + LOCAL_CLUSTER + "|");
        }
        return CLUSTER + "=" + literal(cluster.name());
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
            expression.append(wrap.apply(metric + '{' + matchers + ", " + label + '=' + literal(value) + '}'));
        }
        return expression.append(')').toString();
    }

    /**
     * The expression with readings above the field's ceiling dropped: DCGM's blank sentinels (e.g. 2147483632 for int32
     * fields, contracts.md §5) lie far above it, so they are dropped instead of averaged in.
     */
    static String plausible(DcgmField field, String expression) {
        return "(" + expression + " <= " + field.ceiling() + ")";
    }

    static String seconds(Duration duration) {
        return duration.toSeconds() + "s";
    }

    private static String regexLiteral(String value) {
        return value.replaceAll("[\\\\.^$|?*+()\\[\\]{}]", "\\\\$0");
    }
}
