package org.aitelemetry.worker.kube;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** The Kubernetes node signal and on-demand gpu-probe Jobs: {@code telemetry.kubernetes.*} (off by default). */
@ConfigMapping(prefix = "telemetry.kubernetes")
public interface KubeConfig {

    /** Master switch: when false no Kubernetes client is created or contacted. */
    @WithDefault("false")
    boolean enabled();

    /**
     * The cluster this worker runs in, as named in {@code ai_cluster}, acted on with the in-cluster service account (or
     * the kubeconfig). This or an entry of {@link #clusters()} is required when enabled ({@link KubeConfigCheck}): a
     * guessed name would leave every request PENDING, or act on the wrong cluster's rows.
     */
    Optional<String> cluster();

    /**
     * The issuer ({@code iss}) of this cluster's service-account tokens, as its API server's
     * {@code --service-account-issuer} names it: picks the cluster that reviews a probe's token. Not needed while this
     * is the only cluster.
     */
    Optional<String> serviceAccountIssuer();

    /** Further clusters acted on through their own API server, keyed by their {@code ai_cluster} name. */
    @WithName("clusters")
    Map<String, RemoteCluster> remoteClusters();

    /** Report what would be tainted (ai_node.taint_state DRY_RUN) and write nothing to any Node; per cluster too. */
    @WithDefault("false")
    boolean dryRun();

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

    /** gpu-probe's ROCm image (its HIP build, gfx90a and gfx942), run on nodes of AMD GPUs. */
    @WithDefault("ghcr.io/aitelemetry/gpu-probe-rocm:latest")
    String probeImageAmd();

    /** PriorityClass of the probe Jobs: low and preemptible, so real work evicts a check. */
    @WithDefault("gpu-probe-low")
    String priorityClass();

    /** activeDeadlineSeconds of the probe Jobs: how long a Job may wait for free GPUs and run. */
    @WithDefault("2h")
    Duration probeDeadline();

    /** The worker's base URL as the probe Pods reach it (the probe posts to /api/ingest/v1/probe-runs). */
    @WithDefault("http://telemetry-worker:8081")
    String workerUrl();

    /**
     * Secret holding the probe's bearer token (role probe-writer), mounted into the Job while {@code probe-token} is
     * off; {@code {node}} in the name is replaced by the Job's node, for node-scoped tokens
     * ({@code telemetry.probes.node-claim}).
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

    /** Interval of the round that records this worker's clusters in {@code kube_actuator}, or {@code off}. */
    @WithDefault("30s")
    String heartbeatEvery();

    /** A PENDING request of a cluster that no live actuator serves fails once it is this old. */
    @WithDefault("10m")
    Duration unservedAfter();

    ProbeToken probeToken();

    JobCreation jobCreation();

    IdleCheck idleCheck();

    TaintLimit taintLimit();

    ProbeResources probeResources();

    /** A cluster reached through its API server's URL with a bearer token from a file. */
    interface RemoteCluster {

        /** The API server, e.g. {@code https://api.east.example:6443}. */
        String apiServerUrl();

        /** File holding the bearer token, read again for every request (so a rotated token is picked up). */
        Optional<String> tokenFile();

        /** PEM file of the CA that signed the API server's certificate; the JVM's trust store without it. */
        Optional<String> caFile();

        /** Namespace of this cluster's probe Jobs; {@code probe-namespace} without it. */
        Optional<String> probeNamespace();

        /** Dry run for this cluster alone; {@code dry-run} without it. */
        Optional<Boolean> dryRun();

        /** The issuer of this cluster's service-account tokens; required when probe tokens are on. */
        Optional<String> serviceAccountIssuer();
    }

    /** Probe Pods' projected service-account tokens, checked by a TokenReview on their cluster (docs/security.md). */
    interface ProbeToken {

        /** Probe Jobs get a projected token and the probe ingest accepts it; off: they mount {@code token-secret}. */
        @WithDefault("false")
        boolean enabled();

        /** Audience of the projected token; the TokenReview requires it. */
        @WithDefault("telemetry-worker")
        String audience();

        /** Lifetime of the projected token (the kubelet renews it at 80 %); at least 10 minutes. */
        @WithDefault("1h")
        Duration expiry();

        /** ServiceAccount of the probe Pods, in each cluster's probe namespace: the only one whose tokens count. */
        @WithDefault("gpu-probe")
        String serviceAccount();

        /** How long a successful review is reused (never beyond the token's expiry); failed ones are not kept. */
        @WithDefault("60s")
        Duration reviewCacheTtl();

        /** Successful reviews kept at most; the least recently used go first. */
        @WithDefault("10000")
        int reviewCacheSize();
    }

    /** The blast-radius limit on taints, per cluster (NVSentinel's circuit breaker). */
    interface TaintLimit {

        /** Share of a cluster's GPU nodes that may be tainted at once, rounded down but at least 1 (0: none). */
        @WithDefault("0.10")
        double maxShare();

        /** Nodes that may be tainted in any rolling hour. */
        @WithDefault("5")
        int maxPerHour();
    }

    /** CPU and memory of the probe container (requests and limits). */
    interface ProbeResources {

        /** CPU request. */
        @WithDefault("1")
        String cpuRequest();

        /** CPU limit. */
        @WithDefault("4")
        String cpuLimit();

        /** Memory request. */
        @WithDefault("2Gi")
        String memoryRequest();

        /** Memory limit. */
        @WithDefault("8Gi")
        String memoryLimit();
    }

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

        /** How long an idle-policy check whose GPUs turned busy before it ran is put off. */
        @WithDefault("30m")
        Duration postpone();
    }
}
