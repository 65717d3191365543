package org.aitelemetry.devkit.bench;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

/**
 * The health benchmark's fleet: one cluster of nodes with H100s, and the hosts whose seeded results feed the fleet
 * baseline. Names, GPU UUIDs, serials and PCI addresses follow from the node's number, so PostgreSQL, the mock
 * Kubernetes API and the posted reports agree without sharing state.
 */
record HealthFleet(int nodes, int gpusPerNode) {

    static final String CLUSTER = "bench-health";
    static final String PRODUCT = "NVIDIA H100 80GB HBM3";
    /** Baseline hosts are numbered from here, so that their serials never meet the fleet's. */
    private static final int BASELINE_HOSTS_FROM = 1_000_000;

    /** One GPU as the probe and gpu_device name it. */
    record Gpu(String uuid, int index, String serial, String pciBusId) {
    }

    static HealthFleet of(HealthOptions options) {
        return new HealthFleet(options.nodes(), options.gpusPerNode());
    }

    static String node(int number) {
        return String.format("gpu-node-%05d", number);
    }

    static String baselineHost(int number) {
        return String.format("baseline-node-%05d", number);
    }

    List<String> nodeNames() {
        return IntStream.range(0, nodes).mapToObj(HealthFleet::node).toList();
    }

    List<Gpu> gpus(int node) {
        return gpus(node(node), node);
    }

    List<Gpu> baselineGpus(int host) {
        return gpus(baselineHost(host), BASELINE_HOSTS_FROM + host);
    }

    private List<Gpu> gpus(String host, int number) {
        return IntStream.range(0, gpusPerNode).mapToObj(i -> new Gpu(
                "GPU-" + UUID.nameUUIDFromBytes((host + "/" + i).getBytes(StandardCharsets.UTF_8)), i,
                String.format("1654%010d", (long) number * gpusPerNode + i),
                String.format("00000000:%02X:00.0", 0x18 + 0x10 * i))).toList();
    }
}
