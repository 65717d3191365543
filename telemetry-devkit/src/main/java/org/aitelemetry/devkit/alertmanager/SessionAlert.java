package org.aitelemetry.devkit.alertmanager;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.aitelemetry.devkit.fleet.AmdDevice;

/**
 * The alert of one usage session as Alertmanager 0.25 posts it (alertmanager/rules/gpu-usage.rules.yml): the labels
 * and annotations the rules produce, the fingerprint Alertmanager derives from the labels, and the firing form
 * rendered once, since a session's firing alert is re-sent unchanged until it resolves.
 */
public record SessionAlert(String fingerprint, SortedMap<String, String> labels, Map<String, String> annotations,
        Instant startsAt, String firingJson) {

    /** What Alertmanager writes for "no end" while an alert fires. */
    private static final String NO_END = "0001-01-01T00:00:00Z";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    private static final byte LABEL_SEPARATOR = (byte) 0xff;

    /** A firing alert with the annotations the usage rules render from these labels. */
    public static SessionAlert firing(SortedMap<String, String> labels, Instant startsAt) {
        return firing(labels, annotations(labels), startsAt);
    }

    public static SessionAlert firing(SortedMap<String, String> labels, Map<String, String> annotations, Instant startsAt) {
        Instant start = startsAt.truncatedTo(ChronoUnit.MILLIS);
        String fingerprint = fingerprint(labels);
        return new SessionAlert(fingerprint, labels, annotations, start,
                render("firing", labels, annotations, start.toString(), NO_END, fingerprint));
    }

    /** The resolved form, ending at {@code endsAt} (after the start: the session lasted at least the rule's {@code for}). */
    public String resolvedJson(Instant endsAt) {
        return render("resolved", labels, annotations, startsAt.toString(),
                endsAt.truncatedTo(ChronoUnit.MILLIS).toString(), fingerprint);
    }

    /** Prometheus's label-set signature (FNV-1a 64 over sorted names and values), which Alertmanager prints as hex. */
    public static String fingerprint(SortedMap<String, String> labels) {
        long hash = FNV_OFFSET;
        for (Map.Entry<String, String> label : labels.entrySet()) {
            hash = add(add(hash, label.getKey()), label.getValue());
        }
        return String.format("%016x", hash);
    }

    /**
     * The annotations alertmanager/rules/gpu-usage.rules.yml renders for a session's labels ({@code GpuInUse}, or
     * {@code GpuSliceInUse} when {@code GPU_I_ID} is set); keys sorted, as Alertmanager writes them.
     */
    public static SortedMap<String, String> annotations(Map<String, String> labels) {
        String holder = labels.get("namespace") + "/" + labels.get("pod");
        String onNode = " on " + labels.get("Hostname") + " is held by " + holder;
        String by = " by container " + labels.get("container") + "; recorded by telemetry-worker.";
        TreeMap<String, String> annotations = new TreeMap<>();
        if (labels.containsKey("GPU_I_ID")) {
            String instance = labels.get("GPU_I_ID");
            // The rules call an AMD GPU's slices its partitions.
            String slice = labels.get("UUID").startsWith(AmdDevice.GPU_ID_PREFIX) ? "Partition " : "MIG slice ";
            annotations.put("summary", slice + labels.get("GPU_I_PROFILE") + " (instance " + instance
                    + ") of GPU " + labels.get("gpu") + onNode);
            annotations.put("description", "Usage session of GPU instance " + instance + " of " + labels.get("UUID")
                    + by);
        } else {
            annotations.put("summary", "GPU " + labels.get("gpu") + " (" + labels.get("modelName") + ")" + onNode);
            annotations.put("description", "Usage session of GPU " + labels.get("UUID") + by);
        }
        return annotations;
    }

    private static long add(long hash, String text) {
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xff)) * FNV_PRIME;
        }
        return (hash ^ (LABEL_SEPARATOR & 0xff)) * FNV_PRIME;
    }

    private static String render(String status, Map<String, String> labels, Map<String, String> annotations,
            String startsAt, String endsAt, String fingerprint) {
        Map<String, Object> alert = new LinkedHashMap<>();
        alert.put("status", status);
        alert.put("labels", labels);
        alert.put("annotations", annotations);
        alert.put("startsAt", startsAt);
        alert.put("endsAt", endsAt);
        alert.put("generatorURL", "http://prometheus.example:9090/graph?g0.expr=cluster_gpu_pod%3ADCGM_FI_DEV_FB_USED%3Amax"
                + (labels.containsKey("GPU_I_ID") ? "%7BGPU_I_ID%21%3D%22%22%7D" : "%7BGPU_I_ID%3D%22%22%7D") + "&g0.tab=1");
        alert.put("fingerprint", fingerprint);
        try {
            return JSON.writeValueAsString(alert);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render an alert", e);
        }
    }
}
