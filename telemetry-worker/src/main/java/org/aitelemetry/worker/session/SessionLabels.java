package org.aitelemetry.worker.session;

import java.util.Map;
import org.aitelemetry.prometheus.dcgm.DcgmLabel;
import org.aitelemetry.prometheus.kube.KubeLabel;

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
                first(labels, NAME, KubeLabel.CLUSTER),
                first(labels, NAME, DcgmLabel.HOSTNAME, DcgmLabel.HOSTNAME_LOWERCASE, KubeLabel.NODE,
                        KubeLabel.KUBERNETES_NODE),
                first(labels, UUID, DcgmLabel.UUID, DcgmLabel.UUID_LOWERCASE),
                integer(first(labels, NAME, DcgmLabel.GPU_INDEX)),
                first(labels, MODEL, DcgmLabel.MODEL_NAME),
                integer(first(labels, NAME, DcgmLabel.GPU_INSTANCE_ID)),
                first(labels, PROFILE, DcgmLabel.GPU_INSTANCE_PROFILE),
                first(labels, NAMESPACE, KubeLabel.EXPORTED_NAMESPACE, KubeLabel.NAMESPACE),
                first(labels, NAME, KubeLabel.EXPORTED_POD, KubeLabel.POD),
                first(labels, NAME, KubeLabel.EXPORTED_CONTAINER, KubeLabel.CONTAINER));
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
