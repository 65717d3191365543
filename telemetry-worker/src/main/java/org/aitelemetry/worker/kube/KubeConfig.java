package org.aitelemetry.worker.kube;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** The Kubernetes node signal and on-demand gpu-probe Jobs: {@code telemetry.kubernetes.*} (off by default). */
@ConfigMapping(prefix = "telemetry.kubernetes")
public interface KubeConfig {

    /** Master switch: when false no Kubernetes client is created or contacted. */
    @WithDefault("false")
    boolean enabled();

    /**
     * The cluster this worker acts on, as named in {@code ai_cluster}; nothing else is touched. Required when enabled
     * ({@link KubeConfigCheck}): a guessed name would leave every request PENDING, or act on the wrong cluster's rows.
     */
    Optional<String> cluster();

    /** Key of the taint put on a node whose verdict is FAILED (value {@code true}). */
    @WithDefault("aitelemetry.org/gpu-unhealthy")
    String taintKey();

    /** Effect of that taint: NoSchedule, PreferNoSchedule or NoExecute. */
    @WithDefault("NoSchedule")
    String taintEffect();

    /** Type of the node condition that mirrors the node's verdict. */
    @WithDefault("GpuHealthy")
    String conditionType();

    /** Namespace the gpu-probe Jobs run in. */
    @WithDefault("ai-telemetry")
    String probeNamespace();

    /** gpu-probe container image. */
    @WithDefault("ghcr.io/aitelemetry/gpu-probe:latest")
    String probeImage();

    /** PriorityClass of the probe Jobs: low and preemptible, so real work evicts a check. */
    @WithDefault("gpu-probe-low")
    String priorityClass();

    /** Request {@code nvidia.com/gpu} for every GPU of the node; off: rely on NVIDIA_VISIBLE_DEVICES=all. */
    @WithDefault("false")
    boolean requestGpus();

    /** The worker's base URL as the probe Pods reach it (the probe posts to /api/ingest/v1/probe-runs). */
    @WithDefault("http://telemetry-worker:8081")
    String workerUrl();

    /**
     * Secret holding the probe's bearer token (role probe-writer), mounted into the Job; {@code {node}} in the name is
     * replaced by the Job's node, for node-scoped tokens ({@code telemetry.probes.node-claim}).
     */
    @WithDefault("gpu-probe-token")
    String tokenSecret();

    /** Key of the token in that Secret. */
    @WithDefault("token")
    String tokenSecretKey();

    /** ttlSecondsAfterFinished of the probe Jobs. */
    @WithDefault("1h")
    Duration jobTtl();

    /** Requests claimed per scheduling round. */
    @WithDefault("20")
    int batchSize();

    /** Interval of the round that turns pending requests into Jobs, or {@code off}; the scheduler reads it. */
    @WithDefault("off")
    String scheduleEvery();

    /** Interval of the round that follows the Jobs to completion, or {@code off}; the scheduler reads it. */
    @WithDefault("off")
    String trackEvery();

    /** Cron of the round that re-applies stored node verdicts as conditions and taints, or {@code off}. */
    @WithDefault("off")
    String reconcileCron();

    JobCreation jobCreation();

    IdleCheck idleCheck();

    /** Retries of a request whose Jobs the API would not create (an outage, RBAC, a quota, a missing namespace). */
    interface JobCreation {

        /** Scheduling rounds a request gets before it fails; a Job the API calls invalid (400, 422) fails at once. */
        @WithDefault("5")
        int attempts();

        /** Delay before the first retry; it doubles with each failed attempt. */
        @WithDefault("30s")
        Duration backoff();

        /** Longest delay between two attempts. */
        @WithDefault("10m")
        Duration backoffMax();
    }

    /** NODE checks of nodes whose GPUs sit idle. */
    interface IdleCheck {

        /** Interval of the idle-time policy's round, or {@code off}; the scheduler reads it. */
        @WithDefault("off")
        String every();

        /** How long every GPU of a node must have been without a usage session. */
        @WithDefault("6h")
        Duration after();

        /** At most one idle-policy check per node in this period. */
        @WithDefault("24h")
        Duration interval();

        /** Utilization (percent) under which a GPU counts as idle. */
        @WithDefault("5")
        double utilizationBelow();
    }
}
