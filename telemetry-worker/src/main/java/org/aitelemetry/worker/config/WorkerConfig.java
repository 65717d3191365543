package org.aitelemetry.worker.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Set;

/** The worker's own configuration, under {@code telemetry.*}. */
@ConfigMapping(prefix = "telemetry")
public interface WorkerConfig {

    /** How the fleet sync runs. */
    SyncConfig sync();

    /** How worker replicas share the per-source work (fleet sync, usage rollups). */
    Replicas replicas();

    /**
     * Container names of dcgm-exporter and AMD's device-metrics-exporter themselves (GPU operators, Helm charts).
     * Where a scrape did not honour the exporter's labels, the plain pod labels of every series name the exporter's own
     * pod: such a pod never holds a GPU.
     */
    @WithDefault("nvidia-dcgm-exporter,dcgm-exporter,exporter,metrics-exporter-container,"
            + "amdgpu-metrics-exporter-container")
    Set<String> exporterContainers();

    /** The scrape jobs whose series are believed: docs/configuration.md, "Exporters" (acceptance scenario 30). */
    Exporters exporters();

    /** {@code telemetry.exporters.*} */
    interface Exporters {

        /**
         * dcgm-exporter as the NVIDIA GPU operator deploys it (OpenShift): its ServiceMonitor does not honour labels,
         * so every series carries the exporter pod's own namespace.
         */
        Dcgm dcgm();

        /**
         * kube-state-metrics as OpenShift's monitoring stack scrapes it: labels honoured, so {@code namespace} is the
         * object's, not the exporter's, and only the job tells the exporter apart.
         */
        KubeStateMetrics kubeStateMetrics();

        /**
         * Open Cluster Management's clusterlifecycle-state-metrics on an ACM hub ({@code acm_managed_cluster_*}), as
         * the hub's monitoring scrapes it and ACM observability forwards it: its ServiceMonitor does not honour labels.
         */
        Acm acm();

        /**
         * KubeVirt's own metrics ({@code kubevirt_vmi_*}) through its {@code kubevirt-prometheus-metrics} Service: what
         * a VM is called, where it runs and what it runs. Which GPUs a VM holds comes from kube-state-metrics.
         */
        KubeVirt kubevirt();

        /**
         * AMD's device-metrics-exporter as AMD's GPU operator deploys it: its ServiceMonitor does not honour labels,
         * so every series carries the exporter pod's own namespace.
         */
        Amd amd();
    }

    /** Which series come from an exporter; the two exporters differ only in their defaults. */
    interface Exporter {

        /** The {@code job} label of the exporter's series (the Service's name under a ServiceMonitor). */
        String job();

        /**
         * The {@code namespace} label every series of the exporter carries (its own pod's, where the scrape does not
         * honour labels), or {@code *}: any, where labels are honoured and {@code namespace} is the workload's.
         */
        String namespace();
    }

    /** {@code telemetry.exporters.dcgm.*} */
    interface Dcgm extends Exporter {

        @Override
        @WithDefault("nvidia-dcgm-exporter")
        String job();

        @Override
        @WithDefault("nvidia-gpu-operator")
        String namespace();
    }

    /** {@code telemetry.exporters.kube-state-metrics.*} */
    interface KubeStateMetrics extends Exporter {

        @Override
        @WithDefault("kube-state-metrics")
        String job();

        @Override
        @WithDefault("*")
        String namespace();
    }

    /** {@code telemetry.exporters.acm.*} */
    interface Acm extends Exporter {

        @Override
        @WithDefault("clusterlifecycle-state-metrics-v2")
        String job();

        @Override
        @WithDefault("multicluster-engine")
        String namespace();
    }

    /** {@code telemetry.exporters.kubevirt.*} */
    interface KubeVirt extends Exporter {

        @Override
        @WithDefault("kubevirt-prometheus-metrics")
        String job();

        @Override
        @WithDefault("*")
        String namespace();
    }

    /** {@code telemetry.exporters.amd.*} */
    interface Amd extends Exporter {

        @Override
        @WithDefault("amd-device-metrics-exporter")
        String job();

        @Override
        @WithDefault("kube-amd-gpu")
        String namespace();
    }

    /** {@code telemetry.replicas.*} */
    interface Replicas {

        /** Cycles of a kind of work (at least 2: this one and the last) a replica started none of before its share goes. */
        @WithDefault("2")
        int goneAfterCycles();
    }

    /** {@code telemetry.sync.*} */
    interface SyncConfig {

        /** Interval of the fleet sync, e.g. {@code 60s}, or {@code off}; the scheduler reads it. */
        String every();

        /** Delay of the first cycle after start; the scheduler reads it. */
        String firstDelay();

        /** Complete cycles in a row without an entity before it becomes MISSING. */
        @WithDefault("3")
        int missingAfterCycles();

        /** Window of {@code last_over_time}: ACM forwards one sample per 5 minutes, so instant values would flicker. */
        @WithDefault("5m")
        Duration lookback();
    }
}
