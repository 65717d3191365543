package org.aitelemetry.worker.usage;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.aitelemetry.worker.usage.SimulatedDay.Gpu;
import org.aitelemetry.worker.usage.SimulatedDay.LauncherPod;
import org.aitelemetry.worker.usage.SimulatedDay.Unit;

/**
 * The fleet rows the sync would have stored for the {@link SimulatedDay}: one cluster and node, the known GPUs, GPU D's
 * slices, the projects {@code nlp} and {@code vision} (not {@code scratch}) and the known VM. AMD GPUs are stored as
 * the sync stores them: {@code AMD-<serial>}, and GPU G's CPX partitions as its slices ({@code cpx/nps4}, the
 * partition number as instance id), so the rollup's {@link KnownEntities} must find them by the relabelled series.
 */
final class FleetRows {

    private final Pool pool;

    FleetRows(Pool pool) {
        this.pool = pool;
    }

    /** Inserts the rows and records each row key ("DEVICE:A") under "kind:id". */
    void insert(Map<String, String> names) {
        long source = id("SELECT id FROM metric_source WHERE name = $1", SimulatedDayPrometheus.SOURCE);
        // Named as the sync names a source's own cluster when its series carry no cluster label: the source's name.
        long cluster = id("INSERT INTO ai_cluster (source_id, name) VALUES ($1, $2) RETURNING id", source,
                SimulatedDayPrometheus.SOURCE);
        long node = id("INSERT INTO ai_node (cluster_id, name) VALUES ($1, 'node-1') RETURNING id", cluster);
        for (Gpu gpu : SimulatedDay.GPUS) {
            if (!gpu.known()) {
                continue;
            }
            long sku = id("""
                    INSERT INTO gpu (product_name) VALUES ($1)
                    ON CONFLICT (product_name) DO UPDATE SET product_name = EXCLUDED.product_name
                    RETURNING id""", gpu.model());
            long device = id("""
                    INSERT INTO gpu_device (uuid, node_id, gpu_id, mig_enabled) VALUES ($1, $2, $3, $4)
                    RETURNING id""", gpu.uuid(), node, sku, gpu.mig());
            names.put("DEVICE:" + device, "DEVICE:" + gpu.name());
            for (Unit unit : gpu.units()) {
                if (unit.gpuInstanceId() != null) {
                    long slice = id("""
                            INSERT INTO gpu_slice (device_id, gpu_instance_id, profile) VALUES ($1, $2, $3)
                            RETURNING id""", device, unit.gpuInstanceId(), unit.profile());
                    names.put("SLICE:" + slice, "SLICE:" + unit.name());
                }
            }
        }
        Map<String, Long> projects = new HashMap<>();
        for (String namespace : new String[] {"nlp", "vision"}) {
            long project = id("INSERT INTO research_project (cluster_id, namespace) VALUES ($1, $2) RETURNING id",
                    cluster, namespace);
            names.put("PROJECT:" + project, "PROJECT:" + namespace);
            projects.put(namespace, project);
        }
        for (LauncherPod pod : SimulatedDay.LAUNCHER_PODS) {
            if (pod.known() && !names.containsValue("VM:" + pod.vm())) {
                long vm = id("""
                        INSERT INTO virtual_machine (cluster_id, project_id, name, launcher_pod, node_name,
                                                     gpu_resource, gpu_model, gpus, first_seen_at)
                        VALUES ($1, $2, $3, $4, $5, 'nvidia.com/GH100_H100_SXM5_80GB', $6, $7, now())
                        RETURNING id""", cluster, projects.get(pod.namespace()), pod.vm(), pod.pod(), pod.node(),
                        SimulatedDay.H100, pod.gpus());
                names.put("VM:" + vm, "VM:" + pod.vm());
            }
        }
    }

    private long id(String sql, Object... parameters) {
        return pool.preparedQuery(sql).execute(Tuple.from(parameters)).await().atMost(Duration.ofSeconds(30))
                .iterator().next().getLong(0);
    }
}
