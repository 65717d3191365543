package org.aitelemetry.devkit.bench;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.UUID;
import org.aitelemetry.devkit.alertmanager.SessionAlert;
import org.aitelemetry.devkit.alertmanager.WebhookBody;

/**
 * One GPU node's Alertmanager aggregation group ({@code group_by: [cluster, Hostname]}, alertmanager/receiver): the
 * usage sessions open on it and the notifications it sends. Each notification resolves the oldest sessions while more
 * than the target are open and opens new ones otherwise, and re-sends some still-firing alerts, as Alertmanager does
 * on every group change and repeat. Firing alerts say they started a rule's {@code for} (1 min) ago. Not thread-safe:
 * one sender owns a group, so a session's firing is always acknowledged before its resolve is sent.
 */
final class AlertGroup {

    /** A notification's alerts and what they do to sessions. */
    record Notification(byte[] body, int alerts, int opened, int duplicates, int resolved) {
    }

    private static final int GPUS = 8;
    private static final int MIG_SLICES = 7;
    private static final Duration RULE_FOR = Duration.ofMinutes(1);
    private static final String[] WORKLOADS = {"llm-finetune", "vllm-serve", "jupyter", "train-resnet", "eval-harness"};

    private final String cluster;
    private final String hostname;
    private final String gpuModel;
    private final boolean mig;
    private final int openTarget;
    private final String[] gpuUuids = new String[GPUS];
    private final ArrayDeque<SessionAlert> open = new ArrayDeque<>();
    private long sessions;

    AlertGroup(int index, int openTarget) {
        this.cluster = "cluster-" + (index % 5);
        this.hostname = String.format("gpu-node-%04d", index / 5);
        // One node in four is partitioned into MIG slices: up to 56 alerts in one notification, the receiver's bound.
        this.mig = index % 4 == 3;
        this.gpuModel = mig || index % 2 == 0 ? "NVIDIA A100-SXM4-80GB" : "NVIDIA H100 80GB HBM3";
        this.openTarget = openTarget;
        for (int gpu = 0; gpu < GPUS; gpu++) {
            gpuUuids[gpu] = "GPU-" + UUID.nameUUIDFromBytes((cluster + hostname + gpu).getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The next notification of about {@code size} alerts, a share of them re-sent firings; empty once nothing is left. */
    Notification next(int size, double duplicateShare, Instant now) {
        int wantedDuplicates = (int) Math.round(size * duplicateShare);
        int resolves = 0;
        int opens = 0;
        while (resolves + opens < size - wantedDuplicates) {
            if (resolves < open.size() && open.size() - resolves + opens > openTarget) {
                resolves++;
            } else {
                opens++;
            }
        }
        int duplicates = Math.min(wantedDuplicates, open.size() - resolves);
        return notification(resolves, duplicates, opens, now);
    }

    /** A notification resolving up to {@code size} of the sessions still open (the end of a run). */
    Notification closing(int size, Instant now) {
        return notification(Math.min(size, open.size()), 0, 0, now);
    }

    boolean hasOpenSessions() {
        return !open.isEmpty();
    }

    private Notification notification(int resolves, int duplicates, int opens, Instant now) {
        List<SessionAlert> members = new ArrayList<>(resolves + duplicates + opens);
        List<String> alerts = new ArrayList<>(resolves + duplicates + opens);
        for (int i = 0; i < resolves; i++) {
            SessionAlert ended = open.pollFirst();
            members.add(ended);
            alerts.add(ended.resolvedJson(now));
        }
        for (int i = 0; i < duplicates; i++) {
            SessionAlert again = open.pollFirst();
            open.addLast(again);
            members.add(again);
            alerts.add(again.firingJson());
        }
        for (int i = 0; i < opens; i++) {
            SessionAlert started = newSession(now);
            open.addLast(started);
            members.add(started);
            alerts.add(started.firingJson());
        }
        byte[] body = WebhookBody.render(cluster, hostname, members, alerts, duplicates + opens > 0);
        return new Notification(body, alerts.size(), opens, duplicates, resolves);
    }

    private SessionAlert newSession(Instant now) {
        long n = sessions++;
        int slot = (int) (n % (mig ? GPUS * MIG_SLICES : GPUS));
        int gpu = slot % GPUS;
        String namespace = "project-" + ((hostname.hashCode() & 0x7fffffff) + n) % 40;
        String pod = WORKLOADS[(int) (n % WORKLOADS.length)] + "-" + Long.toString(n, 36) + "-worker-0";
        TreeMap<String, String> labels = new TreeMap<>();
        labels.put("alertname", mig ? "GpuSliceInUse" : "GpuInUse");
        labels.put("cluster", cluster);
        labels.put("Hostname", hostname);
        labels.put("UUID", gpuUuids[gpu]);
        labels.put("gpu", Integer.toString(gpu));
        labels.put("modelName", gpuModel);
        labels.put("namespace", namespace);
        labels.put("pod", pod);
        labels.put("container", "main");
        labels.put("severity", "none");
        labels.put("telemetry", "gpu-usage");
        if (mig) {
            labels.put("GPU_I_ID", Integer.toString(7 + slot / GPUS));
            labels.put("GPU_I_PROFILE", "1g.10gb");
        }
        return SessionAlert.firing(labels, now.minus(RULE_FOR));
    }
}
