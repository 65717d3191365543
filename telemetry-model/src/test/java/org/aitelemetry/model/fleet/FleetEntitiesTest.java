package org.aitelemetry.model.fleet;

import static org.aitelemetry.model.ConstraintAssertions.assertRejectedBy;
import static org.aitelemetry.model.Transactions.inSession;
import static org.aitelemetry.model.Transactions.inTransaction;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.model.ModelGraph;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, initArgs = @ResourceArg(name = PostgresTestResource.MIGRATE, value = "true"))
class FleetEntitiesTest {

    @Test
    void deviceRoundTripsWithNodeClusterSourceAndSku() throws Throwable {
        ModelGraph graph = ModelGraph.create();
        inTransaction(graph::persist);
        GpuDevice device = inSession(() -> GpuDevice.<GpuDevice>find("""
                select d from GpuDevice d
                join fetch d.node n join fetch n.cluster c join fetch c.source
                join fetch d.gpu g left join fetch g.precisions
                where d.uuid = ?1""", graph.device().uuid).firstResult());
        assertThat(device.gpuIndex).isEqualTo(3);
        assertThat(device.migEnabled).isTrue();
        assertThat(device.energyJoules).isEqualTo(1.5e9);
        assertThat(device.readingsAt).isEqualTo(ModelGraph.SEEN);
        assertThat(device.health.health).isEqualTo(HealthVerdict.UNKNOWN);
        assertThat(device.presence.state).isEqualTo(PresenceState.PRESENT);
        assertThat(device.node.name).isEqualTo(graph.node().name);
        assertThat(device.node.labels).containsEntry("nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3");
        assertThat(device.node.cluster.gpuModels).containsExactly("NVIDIA H100 80GB HBM3");
        assertThat(device.node.cluster.presence.lastSeenAt).isEqualTo(ModelGraph.SEEN);
        assertThat(device.node.cluster.source.authMode).isEqualTo(AuthMode.MTLS);
        assertThat(device.node.cluster.source.createdAt).isNotNull();
        assertThat(device.gpu.precisions).extracting(p -> p.precision, p -> p.achievableTflops)
                .containsExactlyInAnyOrder(
                        tuple(Precision.BF16, 794.0),
                        tuple(Precision.FP64, 52.0));
    }

    @Test
    void sliceRoundTripsWithDeviceAndProject() throws Throwable {
        ModelGraph graph = ModelGraph.create();
        inTransaction(graph::persist);
        GpuSlice slice = inSession(() -> GpuSlice.<GpuSlice>find("""
                select s from GpuSlice s join fetch s.device join fetch s.project p join fetch p.cluster
                where s.id = ?1""", graph.slice().id).firstResult());
        assertThat(slice.profile).isEqualTo("1g.10gb");
        assertThat(slice.gpuInstanceId).isEqualTo(7);
        assertThat(slice.device.uuid).isEqualTo(graph.device().uuid);
        assertThat(slice.project.namespace).isEqualTo(graph.project().namespace);
        assertThat(slice.project.migRequested).isEqualTo(Map.of("nvidia.com/mig-1g.10gb", 1));
        assertThat(slice.project.cluster.name).isEqualTo(graph.cluster().name);
    }

    @Test
    void duplicateGpuUuidIsRejected() throws Throwable {
        ModelGraph graph = ModelGraph.create();
        inTransaction(graph::persist);
        assertRejectedBy("gpu_device_uuid_uk", () -> {
            GpuDevice twin = new GpuDevice();
            twin.uuid = graph.device().uuid;
            twin.node = graph.node();
            twin.gpu = graph.gpu();
            return twin.persistAndFlush();
        });
    }

    @Test
    void naturalKeysOfNodeProjectSliceAndSkuAreUnique() throws Throwable {
        ModelGraph graph = ModelGraph.create();
        inTransaction(graph::persist);
        assertRejectedBy("ai_node_cluster_name_uk", () -> {
            AiNode twin = new AiNode();
            twin.cluster = graph.cluster();
            twin.name = graph.node().name;
            return twin.persistAndFlush();
        });
        assertRejectedBy("research_project_cluster_namespace_uk", () -> {
            ResearchProject twin = new ResearchProject();
            twin.cluster = graph.cluster();
            twin.namespace = graph.project().namespace;
            return twin.persistAndFlush();
        });
        assertRejectedBy("gpu_slice_device_instance_uk", () -> {
            GpuSlice twin = new GpuSlice();
            twin.device = graph.device();
            twin.gpuInstanceId = graph.slice().gpuInstanceId;
            twin.profile = "2g.20gb";
            return twin.persistAndFlush();
        });
        assertRejectedBy("gpu_product_name_uk", () -> {
            Gpu twin = new Gpu();
            twin.productName = graph.gpu().productName;
            return twin.persistAndFlush();
        });
    }

    @Test
    void metricSourceUrlMustBeHttp() throws Throwable {
        assertRejectedBy("metric_source_url_scheme", () -> {
            MetricSource source = new MetricSource();
            source.name = "file-source-" + System.nanoTime();
            source.url = "file:///etc/passwd";
            return source.persistAndFlush();
        });
    }
}
