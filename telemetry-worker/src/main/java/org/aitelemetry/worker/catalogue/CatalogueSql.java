package org.aitelemetry.worker.catalogue;

/**
 * The SQL that loads the SKU catalogue: upserts that take the whole catalogue as arrays and touch only rows whose
 * figures changed.
 */
final class CatalogueSql {

    private CatalogueSql() {
    }

    static final String UPSERT_SKUS = """
            INSERT INTO gpu AS t (product_name, architecture, memory_mib, memory_bandwidth_gbps, tdp_watts, catalogued,
                                  created_at)
            SELECT u.name, u.arch, u.mem, u.bw, u.tdp, true, now()
            FROM unnest($1::text[], $2::text[], $3::bigint[], $4::float8[], $5::float8[]) AS u(name, arch, mem, bw, tdp)
            ON CONFLICT (product_name) DO UPDATE SET architecture = EXCLUDED.architecture,
                memory_mib = EXCLUDED.memory_mib, memory_bandwidth_gbps = EXCLUDED.memory_bandwidth_gbps,
                tdp_watts = EXCLUDED.tdp_watts, catalogued = true
            WHERE (t.architecture, t.memory_mib, t.memory_bandwidth_gbps, t.tdp_watts, t.catalogued)
                  IS DISTINCT FROM (EXCLUDED.architecture, EXCLUDED.memory_mib, EXCLUDED.memory_bandwidth_gbps,
                                    EXCLUDED.tdp_watts, true)""";

    static final String UPSERT_PRECISIONS = """
            INSERT INTO gpu_precision AS t (gpu_id, precision, peak_tflops, achievable_tflops)
            SELECT g.id, u.precision, u.peak, u.achievable
            FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[]) AS u(name, precision, peak, achievable)
            JOIN gpu g ON g.product_name = u.name
            ON CONFLICT (gpu_id, precision) DO UPDATE SET peak_tflops = EXCLUDED.peak_tflops,
                achievable_tflops = EXCLUDED.achievable_tflops
            WHERE (t.peak_tflops, t.achievable_tflops) IS DISTINCT FROM (EXCLUDED.peak_tflops, EXCLUDED.achievable_tflops)""";
}
