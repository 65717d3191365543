package org.aitelemetry.worker.promql;

import java.util.Optional;
import java.util.regex.Pattern;
import org.aitelemetry.prometheus.PromqlString;
import org.aitelemetry.worker.config.WorkerConfig;

/**
 * The label matchers that admit one exporter's series into a query (acceptance scenario 30). Any scrape job can publish
 * a DCGM or kube-state-metrics name carrying another team's namespace, a real GPU UUID or another cluster's name, so
 * every query that reads an exporter names its job, and its namespace where the scrape puts the exporter pod's own
 * there.
 *
 * <p>The values are refused at start unless they are a plain job name or Kubernetes namespace, and rendered escaped as
 * well: a value can never end the PromQL string it is placed in.
 */
public record ExporterSelector(String job, Optional<String> namespace) {

    /** The {@code namespace} setting that matches any namespace (where the scrape honours labels). */
    public static final String ANY_NAMESPACE = "*";

    /** Service names, ServiceMonitor job labels and static job names as people write them. */
    private static final Pattern JOB = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.:/-]{0,252}");
    /** A Kubernetes namespace: an RFC 1123 label. */
    private static final Pattern NAMESPACE = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

    public ExporterSelector {
        namespace = namespace.filter(value -> !value.equals(ANY_NAMESPACE));
    }

    /** Reads {@code <property>.job} and {@code <property>.namespace}, naming the property when a value is refused. */
    public static ExporterSelector of(String property, WorkerConfig.Exporter exporter) {
        String job = exporter.job();
        if (!JOB.matcher(job).matches()) {
            throw new IllegalArgumentException(property + ".job must be a scrape job name (letters, digits, _ . : / -;"
                    + " at most 253 characters), not " + shown(job));
        }
        String namespace = exporter.namespace();
        if (!namespace.equals(ANY_NAMESPACE) && !NAMESPACE.matcher(namespace).matches()) {
            throw new IllegalArgumentException(property + ".namespace must be a Kubernetes namespace (lower-case"
                    + " letters, digits and -, at most 63 characters) or " + ANY_NAMESPACE + ", not "
                    + shown(namespace));
        }
        return new ExporterSelector(job, Optional.of(namespace));
    }

    /** The matchers alone, e.g. {@code job="nvidia-dcgm-exporter", namespace="nvidia-gpu-operator"}. */
    public String matchers() {
        return "job=" + PromqlString.literal(job)
                + namespace.map(value -> ", namespace=" + PromqlString.literal(value)).orElse("");
    }

    /** {@code metric{<matchers>, <more>}}: a vector selector that reads only this exporter. */
    public String select(String metric, String... moreMatchers) {
        StringBuilder selector = new StringBuilder(metric).append('{').append(matchers());
        for (String matcher : moreMatchers) {
            selector.append(", ").append(matcher);
        }
        return selector.append('}').toString();
    }

    /** A refused value as Java would write it, so a control character shows instead of breaking the message. */
    private static String shown(String value) {
        StringBuilder shown = new StringBuilder("\"");
        value.codePoints().forEach(c -> shown.append(c < 0x20 || c == 0x7f ? String.format("\\u%04x", c)
                : new String(Character.toChars(c))));
        return shown.append('"').toString();
    }
}
