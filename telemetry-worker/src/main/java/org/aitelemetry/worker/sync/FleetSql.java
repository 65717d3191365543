package org.aitelemetry.worker.sync;

/**
 * The sync's SQL. Upserts take whole batches as arrays through {@code unnest} and only touch a row when something in it
 * changed (or its last-seen time is older than the heartbeat), so an unchanged fleet costs next to no writes. The
 * nodes', devices' and slices' upserts leave unchanged rows out before the insert (a join on the stored row): a row
 * that only fails {@code ON CONFLICT … WHERE} is still locked, which cost 45 ms at 10,000 GPUs against 19 ms. Stale
 * marking counts complete cycles without an entity and flips it to MISSING at the threshold; rows are never deleted.
 */
final class FleetSql {

    private FleetSql() {
    }

    /** The clusters seen; what their ACM hub says ($9, JSON or null) replaces the stored facts only when said. */
    static final String UPSERT_CLUSTERS = """
            INSERT INTO ai_cluster AS t (source_id, name, node_count, gpu_count, slice_count, gpu_models, last_sync_at,
                                         sync_status, state, last_seen_at, missed_cycles, managed_cluster,
                                         managed_cluster_at)
            SELECT $1, u.name, u.nodes, u.gpus, u.slices, string_to_array(u.models, '|'), $6, $7, 'PRESENT', $6, 0,
                   u.hub::jsonb, CASE WHEN u.hub IS NOT NULL THEN $6::timestamptz END
            FROM unnest($2::text[], $3::int[], $4::int[], $5::int[], $8::text[], $9::text[])
                 AS u(name, nodes, gpus, slices, models, hub)
            ON CONFLICT (source_id, name) DO UPDATE SET node_count = EXCLUDED.node_count, gpu_count = EXCLUDED.gpu_count,
                slice_count = EXCLUDED.slice_count, gpu_models = EXCLUDED.gpu_models, last_sync_at = EXCLUDED.last_sync_at,
                sync_status = EXCLUDED.sync_status, state = 'PRESENT', missed_cycles = 0, last_seen_at = EXCLUDED.last_seen_at,
                managed_cluster = coalesce(EXCLUDED.managed_cluster, t.managed_cluster),
                managed_cluster_at = coalesce(EXCLUDED.managed_cluster_at, t.managed_cluster_at)""";

    static final String CLUSTER_IDS = "SELECT id, name FROM ai_cluster WHERE source_id = $1";

    static final String INSERT_UNKNOWN_SKUS = """
            INSERT INTO gpu (product_name, catalogued, created_at) SELECT unnest($1::text[]), false, now()
            ON CONFLICT (product_name) DO NOTHING""";

    static final String SKU_IDS = "SELECT id, product_name FROM gpu WHERE product_name = ANY($1::text[])";

    static final String UPSERT_NODES = """
            INSERT INTO ai_node AS t (cluster_id, name, gpu_count, gpu_product, driver_version, cuda_version,
                                      kernel_version, os_image, state, last_seen_at, missed_cycles)
            SELECT u.cluster_id, u.name, u.gpus, u.product, u.driver, u.cuda, u.kernel, u.os, 'PRESENT', $9, 0
            FROM unnest($1::bigint[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
                 AS u(cluster_id, name, gpus, product, driver, cuda, kernel, os)
            LEFT JOIN ai_node s ON s.cluster_id = u.cluster_id AND s.name = u.name
            WHERE s.id IS NULL
               OR (s.gpu_count, s.gpu_product, s.driver_version, s.cuda_version, s.kernel_version, s.os_image, s.state,
                   s.missed_cycles)
                  IS DISTINCT FROM (u.gpus, u.product, u.driver, u.cuda, u.kernel, u.os, 'PRESENT', 0)
               OR %s
            ON CONFLICT (cluster_id, name) DO UPDATE SET gpu_count = EXCLUDED.gpu_count, gpu_product = EXCLUDED.gpu_product,
                driver_version = EXCLUDED.driver_version, cuda_version = EXCLUDED.cuda_version,
                kernel_version = EXCLUDED.kernel_version, os_image = EXCLUDED.os_image, state = 'PRESENT',
                missed_cycles = 0, last_seen_at = EXCLUDED.last_seen_at""".formatted(heartbeatDue("s", "$9", "$10"));

    static final String NODE_IDS = """
            SELECT n.id, n.cluster_id, n.name FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id
            WHERE c.source_id = $1""";

    /**
     * The projects seen, with what their namespace says of them ($9–$14): a value seen replaces the stored one, a
     * namespace that no longer says it keeps the last one seen; fields ColdFront's API owns are left to it.
     */
    static final String UPSERT_PROJECTS = """
            INSERT INTO research_project AS t (cluster_id, namespace, gpus_requested, mig_requested, restarting_pods,
                                               terminating_pods, full_pvcs, vllm_detected, title, pi, institution,
                                               allocation_id, allocation_project_id, field_of_science, flags_at, state,
                                               last_seen_at, missed_cycles)
            SELECT u.cluster_id, u.namespace, u.gpus, u.mig::jsonb, u.restarting, u.terminating, u.pvcs, u.vllm,
                   u.title, u.pi, u.institution, u.allocation_id, u.allocation_project_id, u.field_of_science, $15,
                   'PRESENT', $15, 0
            FROM unnest($1::bigint[], $2::text[], $3::float8[], $4::text[], $5::int[], $6::int[], $7::int[], $8::bool[],
                        $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[])
                 AS u(cluster_id, namespace, gpus, mig, restarting, terminating, pvcs, vllm, title, pi, institution,
                      allocation_id, allocation_project_id, field_of_science)
            ON CONFLICT (cluster_id, namespace) DO UPDATE SET gpus_requested = EXCLUDED.gpus_requested,
                mig_requested = EXCLUDED.mig_requested, restarting_pods = EXCLUDED.restarting_pods,
                terminating_pods = EXCLUDED.terminating_pods, full_pvcs = EXCLUDED.full_pvcs,
                vllm_detected = EXCLUDED.vllm_detected, title = %1$s, pi = %2$s,
                institution = coalesce(EXCLUDED.institution, t.institution), allocation_id = %3$s,
                allocation_project_id = %4$s, field_of_science = %5$s,
                flags_at = EXCLUDED.flags_at, state = 'PRESENT', missed_cycles = 0, last_seen_at = EXCLUDED.last_seen_at
            WHERE (t.gpus_requested, t.mig_requested, t.restarting_pods, t.terminating_pods, t.full_pvcs,
                   t.vllm_detected, t.state, t.missed_cycles)
                  IS DISTINCT FROM (EXCLUDED.gpus_requested, EXCLUDED.mig_requested, EXCLUDED.restarting_pods,
                   EXCLUDED.terminating_pods, EXCLUDED.full_pvcs, EXCLUDED.vllm_detected, EXCLUDED.state,
                   EXCLUDED.missed_cycles)
               OR (t.title, t.pi, t.institution, t.allocation_id, t.allocation_project_id, t.field_of_science)
                  IS DISTINCT FROM (%1$s, %2$s, coalesce(EXCLUDED.institution, t.institution), %3$s, %4$s, %5$s)
               OR %6$s"""
            .formatted(namespaceSays("title"), namespaceSays("pi"), namespaceSays("allocation_id"),
                    namespaceSays("allocation_project_id"), namespaceSays("field_of_science"),
                    heartbeatDue("t", "EXCLUDED.last_seen_at", "$16"));

    /**
     * A field ColdFront's API may own: what the namespace says (else the value kept), unless ColdFront says it
     * ({@code metadata_source}, written by {@code allocation.ColdFrontRefresh}).
     */
    private static String namespaceSays(String column) {
        return "CASE WHEN t.metadata_source = 'COLDFRONT' THEN t.%1$s ELSE coalesce(EXCLUDED.%1$s, t.%1$s) END"
                .formatted(column);
    }

    static final String PROJECT_IDS = """
            SELECT p.id, p.cluster_id, p.namespace FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id
            WHERE c.source_id = $1""";

    static final String UPSERT_DEVICES = """
            INSERT INTO gpu_device AS t (uuid, node_id, gpu_id, gpu_index, pci_bus_id, mig_enabled, utilization_percent,
                                         memory_used_mib, memory_free_mib, power_watts, temperature_celsius,
                                         memory_temperature_celsius, energy_joules, readings_at, state, last_seen_at,
                                         missed_cycles)
            SELECT u.uuid, u.node_id, u.gpu_id, u.idx, u.pci, u.mig, u.util, u.used, u.free, u.power, u.temp, u.memtemp,
                   u.energy, $14, 'PRESENT', $14, 0
            FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::int[], $5::text[], $6::bool[], $7::float8[],
                        $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::float8[], $13::float8[])
                 AS u(uuid, node_id, gpu_id, idx, pci, mig, util, used, free, power, temp, memtemp, energy)
            LEFT JOIN gpu_device s ON s.uuid = u.uuid
            WHERE s.id IS NULL
               OR (s.node_id, s.gpu_id, s.gpu_index, s.pci_bus_id, s.mig_enabled, s.utilization_percent,
                   s.memory_used_mib, s.memory_free_mib, s.power_watts, s.temperature_celsius,
                   s.memory_temperature_celsius, s.energy_joules, s.state, s.missed_cycles)
                  IS DISTINCT FROM (u.node_id, u.gpu_id, u.idx, u.pci, u.mig, u.util, u.used, u.free, u.power, u.temp,
                   u.memtemp, u.energy, 'PRESENT', 0)
               OR %s
            ON CONFLICT (uuid) DO UPDATE SET node_id = EXCLUDED.node_id, gpu_id = EXCLUDED.gpu_id,
                gpu_index = EXCLUDED.gpu_index, pci_bus_id = EXCLUDED.pci_bus_id, mig_enabled = EXCLUDED.mig_enabled,
                utilization_percent = EXCLUDED.utilization_percent, memory_used_mib = EXCLUDED.memory_used_mib,
                memory_free_mib = EXCLUDED.memory_free_mib, power_watts = EXCLUDED.power_watts,
                temperature_celsius = EXCLUDED.temperature_celsius,
                memory_temperature_celsius = EXCLUDED.memory_temperature_celsius,
                energy_joules = EXCLUDED.energy_joules, readings_at = EXCLUDED.readings_at, state = 'PRESENT',
                missed_cycles = 0, last_seen_at = EXCLUDED.last_seen_at""".formatted(heartbeatDue("s", "$14", "$15"));

    static final String DEVICE_IDS = "SELECT id, uuid FROM gpu_device WHERE uuid = ANY($1::text[])";

    static final String UPSERT_SLICES = """
            INSERT INTO gpu_slice AS t (device_id, gpu_instance_id, profile, engine_active, memory_used_mib,
                                        memory_free_mib, project_id, pod, container, readings_at, state, last_seen_at,
                                        missed_cycles)
            SELECT u.device_id, u.instance, u.profile, u.engine, u.used, u.free, u.project_id, u.pod, u.container, $10,
                   'PRESENT', $10, 0
            FROM unnest($1::bigint[], $2::int[], $3::text[], $4::float8[], $5::float8[], $6::float8[], $7::bigint[],
                        $8::text[], $9::text[])
                 AS u(device_id, instance, profile, engine, used, free, project_id, pod, container)
            LEFT JOIN gpu_slice s ON s.device_id = u.device_id AND s.gpu_instance_id = u.instance
            WHERE s.id IS NULL
               OR (s.profile, s.engine_active, s.memory_used_mib, s.memory_free_mib, s.project_id, s.pod, s.container,
                   s.state, s.missed_cycles)
                  IS DISTINCT FROM (u.profile, u.engine, u.used, u.free, u.project_id, u.pod, u.container, 'PRESENT', 0)
               OR %s
            ON CONFLICT (device_id, gpu_instance_id) DO UPDATE SET profile = EXCLUDED.profile,
                engine_active = EXCLUDED.engine_active, memory_used_mib = EXCLUDED.memory_used_mib,
                memory_free_mib = EXCLUDED.memory_free_mib, project_id = EXCLUDED.project_id, pod = EXCLUDED.pod,
                container = EXCLUDED.container, readings_at = EXCLUDED.readings_at, state = 'PRESENT',
                missed_cycles = 0, last_seen_at = EXCLUDED.last_seen_at""".formatted(heartbeatDue("s", "$10", "$11"));

    /**
     * The stored row ({@code stored}, its alias) was last seen longer ago than the heartbeat ({@code seconds}) before
     * {@code now}, so it is rewritten although nothing in it changed.
     */
    private static String heartbeatDue(String stored, String now, String seconds) {
        return "%1$s.last_seen_at IS NULL OR %1$s.last_seen_at < %2$s::timestamptz - %3$s::int * interval '1 second'"
                .formatted(stored, now, seconds);
    }

    /**
     * The VMs holding GPUs; KubeVirt's phase is as seen this cycle (null when its metrics are silent), its guest OS and
     * instance type the last ones seen.
     */
    static final String UPSERT_VMS = """
            INSERT INTO virtual_machine AS t (cluster_id, project_id, name, launcher_pod, node_name, gpu_resource,
                                              gpu_model, gpus, phase, guest_os, instance_type, state, first_seen_at,
                                              last_seen_at, missed_cycles)
            SELECT u.cluster_id, u.project_id, u.name, u.pod, u.node, u.resource, u.model, u.gpus, u.phase, u.os,
                   u.instance_type, 'PRESENT', $12, $12, 0
            FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                        $8::int[], $9::text[], $10::text[], $11::text[])
                 AS u(cluster_id, project_id, name, pod, node, resource, model, gpus, phase, os, instance_type)
            ON CONFLICT (project_id, name) DO UPDATE SET launcher_pod = EXCLUDED.launcher_pod,
                node_name = EXCLUDED.node_name, gpu_resource = EXCLUDED.gpu_resource, gpu_model = EXCLUDED.gpu_model,
                gpus = EXCLUDED.gpus, phase = EXCLUDED.phase, guest_os = coalesce(EXCLUDED.guest_os, t.guest_os),
                instance_type = coalesce(EXCLUDED.instance_type, t.instance_type), state = 'PRESENT', missed_cycles = 0,
                last_seen_at = EXCLUDED.last_seen_at
            WHERE (t.launcher_pod, t.node_name, t.gpu_resource, t.gpu_model, t.gpus, t.phase, t.state, t.missed_cycles)
                  IS DISTINCT FROM (EXCLUDED.launcher_pod, EXCLUDED.node_name, EXCLUDED.gpu_resource,
                   EXCLUDED.gpu_model, EXCLUDED.gpus, EXCLUDED.phase, EXCLUDED.state, EXCLUDED.missed_cycles)
               OR (t.guest_os, t.instance_type) IS DISTINCT FROM
                  (coalesce(EXCLUDED.guest_os, t.guest_os), coalesce(EXCLUDED.instance_type, t.instance_type))
               OR %s""".formatted(heartbeatDue("t", "EXCLUDED.last_seen_at", "$13"));

    static final String VM_IDS = """
            SELECT v.id FROM virtual_machine v JOIN unnest($1::bigint[], $2::text[]) AS k(project_id, name)
            ON v.project_id = k.project_id AND v.name = k.name""";

    static final String SLICE_IDS = """
            SELECT s.id FROM gpu_slice s JOIN unnest($1::bigint[], $2::int[]) AS k(device_id, instance)
            ON s.device_id = k.device_id AND s.gpu_instance_id = k.instance""";

    /**
     * Entities of this source ({@code e}) that the cycle did not see ($2, their ids): one more missed cycle, MISSING at
     * the threshold. A set difference, so PostgreSQL hashes the seen ids: {@code NOT (id = ANY($2))} compares every row
     * with every id once the statement's plan is generic, which took 175 ms at 10,000 GPUs and grows with the square.
     */
    private static final String MARK_MISSING = """
            UPDATE %1$s t SET missed_cycles = t.missed_cycles + 1,
                state = CASE WHEN t.missed_cycles + 1 >= $3 THEN 'MISSING' ELSE t.state END
            FROM (SELECT e.id FROM %1$s e WHERE e.state = 'PRESENT' AND %2$s
                  EXCEPT SELECT unnest($2::bigint[])) AS unseen
            WHERE t.id = unseen.id""";

    static final String MARK_MISSING_CLUSTERS = MARK_MISSING.formatted("ai_cluster", "e.source_id = $1");
    static final String MARK_MISSING_NODES = MARK_MISSING.formatted("ai_node",
            "e.cluster_id IN (SELECT id FROM ai_cluster WHERE source_id = $1)");
    static final String MARK_MISSING_PROJECTS = MARK_MISSING.formatted("research_project",
            "e.cluster_id IN (SELECT id FROM ai_cluster WHERE source_id = $1)");
    static final String MARK_MISSING_VMS = MARK_MISSING.formatted("virtual_machine",
            "e.cluster_id IN (SELECT id FROM ai_cluster WHERE source_id = $1)");
    static final String MARK_MISSING_DEVICES = MARK_MISSING.formatted("gpu_device", """
            e.node_id IN (SELECT n.id FROM ai_node n JOIN ai_cluster c ON c.id = n.cluster_id WHERE c.source_id = $1)""");
    static final String MARK_MISSING_SLICES = MARK_MISSING.formatted("gpu_slice", """
            e.device_id IN (SELECT d.id FROM gpu_device d JOIN ai_node n ON n.id = d.node_id
                            JOIN ai_cluster c ON c.id = n.cluster_id WHERE c.source_id = $1)""");

    /** The sync's tables that PostgreSQL has no statistics for yet: never analyzed nor vacuumed. */
    static final String TABLES_WITHOUT_STATISTICS = """
            SELECT relname FROM pg_class WHERE oid = ANY($1::text[]::regclass[]) AND reltuples < 0 ORDER BY relname""";

    static final String ANALYZE = "ANALYZE ";

    static final String SOURCE_STATUS = """
            UPDATE metric_source SET last_sync_at = $2, sync_status = $3, sync_message = $4, updated_at = now()
            WHERE id = $1""";
}
