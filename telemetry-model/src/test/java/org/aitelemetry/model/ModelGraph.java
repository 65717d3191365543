package org.aitelemetry.model;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.model.fleet.AiCluster;
import org.aitelemetry.model.fleet.AiNode;
import org.aitelemetry.model.fleet.AuthMode;
import org.aitelemetry.model.fleet.Gpu;
import org.aitelemetry.model.fleet.GpuDevice;
import org.aitelemetry.model.fleet.GpuSlice;
import org.aitelemetry.model.fleet.MetricSource;
import org.aitelemetry.model.fleet.Precision;
import org.aitelemetry.model.fleet.ResearchProject;

/** A small, valid fleet (source → cluster → node → device with SKU → MIG slice used by a project) with unique keys. */
public record ModelGraph(MetricSource source, AiCluster cluster, AiNode node, Gpu gpu, GpuDevice device,
        ResearchProject project, GpuSlice slice) {

    public static final Instant SEEN = Instant.parse("2026-11-21T10:15:30Z");

    public static ModelGraph create() {
        String unique = UUID.randomUUID().toString().substring(0, 8);

        MetricSource source = new MetricSource();
        source.name = "hub-" + unique;
        source.url = "https://observatorium.example.org";
        source.authMode = AuthMode.MTLS;
        source.tenant = "rhoai";

        AiCluster cluster = new AiCluster();
        cluster.source = source;
        cluster.name = "cluster-" + unique;
        cluster.gpuModels = List.of("NVIDIA H100 80GB HBM3");
        cluster.presence.seen(SEEN);

        AiNode node = new AiNode();
        node.cluster = cluster;
        node.name = "gpu-node-" + unique;
        node.gpuCount = 8;
        node.driverVersion = "550.90.07";
        node.labels = Map.of("nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3");

        Gpu gpu = new Gpu();
        gpu.productName = "NVIDIA H100 80GB HBM3 " + unique;
        gpu.memoryMib = 81559L;
        gpu.catalogued = true;
        gpu.addPrecision(Precision.BF16, 989.0, 794.0);
        gpu.addPrecision(Precision.FP64, 67.0, 52.0);

        GpuDevice device = new GpuDevice();
        device.uuid = "GPU-" + UUID.randomUUID();
        device.node = node;
        device.gpu = gpu;
        device.gpuIndex = 3;
        device.migEnabled = true;
        device.energyJoules = 1.5e9;
        device.readingsAt = SEEN;

        ResearchProject project = new ResearchProject();
        project.cluster = cluster;
        project.namespace = "ns-" + unique;
        project.gpusRequested = 2;
        project.migRequested = Map.of("nvidia.com/mig-1g.10gb", 1);

        GpuSlice slice = new GpuSlice();
        slice.device = device;
        slice.gpuInstanceId = 7;
        slice.profile = "1g.10gb";
        slice.project = project;
        slice.pod = "trainer-0";

        return new ModelGraph(source, cluster, node, gpu, device, project, slice);
    }

    /** Persists the graph parents first; call inside a transaction. */
    public Uni<Void> persist() {
        return PanacheEntityBase.persist(source, cluster, node, gpu, device, project, slice);
    }

    public static Instant hour(Instant instant) {
        return instant.truncatedTo(ChronoUnit.HOURS);
    }
}
