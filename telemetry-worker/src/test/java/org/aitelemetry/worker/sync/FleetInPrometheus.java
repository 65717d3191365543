package org.aitelemetry.worker.sync;

import java.time.Duration;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetDevice;
import org.aitelemetry.devkit.fleet.FleetNode;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.prometheus.PrometheusApi;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;

/** Waits until the sync's 3 s look-back window in Prometheus shows the fleet as the simulator now serves it. */
final class FleetInPrometheus {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final FleetDefinition fleet;
    private final PrometheusApi api;

    FleetInPrometheus(FleetDefinition fleet, PrometheusComponent prometheus) {
        this.fleet = fleet;
        this.api = new PrometheusApi(prometheus.url());
    }

    void awaitWhole() throws Exception {
        await(nodeCount(), gpuSeries());
    }

    /** After the simulator stopped serving {@code removed}. */
    void awaitWithout(FleetNode removed) throws Exception {
        int removedSeries = fleet.devicesOn(removed).stream().mapToInt(FleetInPrometheus::series).sum();
        await(nodeCount() - 1, gpuSeries() - removedSeries);
    }

    /** GPU nodes, AMD GPU nodes and the nodes whose GPUs are passed through to VMs: kube-state-metrics lists all. */
    private int nodeCount() {
        return fleet.nodes().size() + fleet.amdNodes().size() + fleet.vmNodes().size();
    }

    private void await(int nodes, int gpuSeries) throws Exception {
        // The exporters' series only: a tenant's job may publish the same names (FleetSyncForgeryTest).
        api.awaitValue("count(last_over_time(DCGM_FI_DEV_FB_FREE{job=\"" + FleetSimulator.DCGM_JOB + "\"}[3s]))",
                gpuSeries, PATIENCE);
        api.awaitValue("count(last_over_time(kube_node_info{job=\"" + FleetSimulator.KUBE_JOB + "\"}[3s]))", nodes,
                PATIENCE);
    }

    private int gpuSeries() {
        return fleet.devices().stream().mapToInt(FleetInPrometheus::series).sum();
    }

    /** dcgm-exporter writes one series per GPU, or one per GPU instance of a MIG GPU. */
    private static int series(FleetDevice device) {
        return device.mig() ? device.slices().size() : 1;
    }
}
