package org.aitelemetry.worker.allocation;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One namespace annotation or label a project field is read from, and the Prometheus label kube-state-metrics gives it
 * on {@code kube_namespace_annotations} / {@code kube_namespace_labels}: {@code annotation_} or {@code label_} and the
 * name with every character outside {@code [a-zA-Z0-9_]} turned into {@code _}.
 *
 * @param kind           what the namespace carries it as
 * @param name           its Kubernetes name, e.g. {@code openshift.io/display-name}
 * @param prometheusName the label kube-state-metrics publishes it under
 */
public record MetadataSource(Kind kind, String name, String prometheusName) {

    /** A Kubernetes annotation or label key: an optional DNS prefix and a name. */
    private static final Pattern KEY =
            Pattern.compile("([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");
    private static final Pattern NOT_IN_A_LABEL = Pattern.compile("[^a-zA-Z0-9_]");

    /** Where a namespace keeps it, with the kube-state-metrics series that publishes that. */
    public enum Kind {
        ANNOTATION,
        LABEL;

        String prefix() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Parses {@code annotation:<key>} or {@code label:<key>}; fails with the reason for anything else. */
    public static MetadataSource parse(String setting) {
        String value = setting.strip();
        int colon = value.indexOf(':');
        Kind kind = colon < 0 ? null : switch (value.substring(0, colon)) {
            case "annotation" -> Kind.ANNOTATION;
            case "label" -> Kind.LABEL;
            default -> null;
        };
        String key = colon < 0 ? "" : value.substring(colon + 1);
        if (kind == null || key.length() > 253 || !KEY.matcher(key).matches()) {
            throw new IllegalArgumentException("'" + setting + "' is not 'annotation:<key>' or 'label:<key>' with a"
                    + " Kubernetes key such as openshift.io/display-name");
        }
        return new MetadataSource(kind, key, kind.prefix() + "_" + NOT_IN_A_LABEL.matcher(key).replaceAll("_"));
    }
}
