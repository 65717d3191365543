package org.aitelemetry.worker.session;

import java.util.Map;

/**
 * The named columns of a session, read from its alert's labels whatever spelling the exporters and federation used
 * (contracts.md §5): the shipped rules normalise them, hand-written rules may not. A value longer than its column is
 * cut rather than refused; the full label set is stored anyway.
 */
record SessionLabels(String cluster, String node, String gpuUuid, Integer gpuIndex, String gpuModel,
        Integer gpuInstanceId, String migProfile, String namespace, String pod, String container) {

    /** Column widths of V2/V5. */
    private static final int NAME = 253;
    private static final int UUID = 64;
    private static final int MODEL = 200;
    private static final int PROFILE = 32;
    private static final int NAMESPACE = 63;
    static final int ALERT_NAME = 200;

    static SessionLabels of(Map<String, String> labels) {
        return new SessionLabels(
                first(labels, NAME, "cluster"),
                first(labels, NAME, "Hostname", "hostname", "node", "kubernetes_node"),
                first(labels, UUID, "UUID", "uuid"),
                integer(first(labels, NAME, "gpu")),
                first(labels, MODEL, "modelName"),
                integer(first(labels, NAME, "GPU_I_ID")),
                first(labels, PROFILE, "GPU_I_PROFILE"),
                first(labels, NAMESPACE, "exported_namespace", "namespace"),
                first(labels, NAME, "exported_pod", "pod"),
                first(labels, NAME, "exported_container", "container"));
    }

    static String clip(String value, int width) {
        return value == null || value.length() <= width ? value : value.substring(0, width);
    }

    private static String first(Map<String, String> labels, int width, String... names) {
        for (String name : names) {
            String value = labels.get(name);
            if (value != null && !value.isBlank()) {
                return clip(value, width);
            }
        }
        return null;
    }

    private static Integer integer(String value) {
        if (value == null) {
            return null;
        }
        try {
            return Integer.valueOf(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
