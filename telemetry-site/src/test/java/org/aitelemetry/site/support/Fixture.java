package org.aitelemetry.site.support;

import io.vertx.mutiny.sqlclient.Pool;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A small fleet every API test reads (fixture.sql): two clusters, the test clients' own project
 * {@code cluster-01/nlp-001}, and two other projects, one of them with the same namespace on {@code cluster-02}, so
 * any scoping that forgets the cluster shows. Loaded once per database; ids are fixed so tests can name objects.
 */
public final class Fixture {

    public static final long CLUSTER_01 = 10;
    public static final long CLUSTER_02 = 20;
    public static final long NODE_HEALTHY = 101;
    public static final long NODE_DEGRADED = 102;
    public static final long NODE_OTHER_CLUSTER = 201;
    public static final long NODE_AMD = 103;
    public static final long SKU_H100 = 1;
    /** Used by the own project's job pods nlp-train-worker-0 (healthy) and -1 (failed). */
    public static final String DEVICE_HEALTHY = "GPU-0000aaaa-0000-0000-0000-000000000001";
    public static final String DEVICE_FAILED = "GPU-0000aaaa-0000-0000-0000-000000000002";
    public static final String DEVICE_MIG = "GPU-0000aaaa-0000-0000-0000-000000000003";
    /** An AMD Instinct MI300X in CPX mode on node 103 of cluster-01, with eight partitions. */
    public static final String DEVICE_AMD = "AMD-692409005408";
    public static final String DEVICE_OTHER_CLUSTER = "GPU-0000bbbb-0000-0000-0000-000000000001";
    public static final long OWN_PROJECT = 501;
    public static final long OTHER_PROJECT = 502;
    /** nlp-001 on cluster-02: same namespace as the own project, another cluster. */
    public static final long TWIN_PROJECT = 503;
    public static final long OWN_SLICE = 3001;
    public static final long OTHER_SLICE = 3002;
    /** Partition 0 of {@link #DEVICE_AMD}, held by the own project; partition 1 is another project's. */
    public static final long OWN_PARTITION = 3101;
    public static final long OTHER_PARTITION = 3102;
    public static final long OWN_SESSION = 7001;
    public static final long OTHER_SESSION = 7003;
    public static final String RUN_FAILED = "5c0f1a2e-0000-4000-8000-000000000001";
    public static final String RUN_HEALTHY = "5c0f1a2e-0000-4000-8000-000000000002";
    public static final String OWN_HEALTH_CHECK = "9d1e2f30-0000-4000-8000-000000000001";
    public static final String OTHER_HEALTH_CHECK = "9d1e2f30-0000-4000-8000-000000000002";
    /** cluster-01/nlp-001's statement for October 2026 (fixture-statements.sql). */
    public static final long OWN_STATEMENT = 6001;
    /** cluster-01/vision-002's. */
    public static final long OTHER_STATEMENT = 6003;

    private Fixture() {
    }

    /** The worker that acts on cluster-01's Kubernetes API; cluster-02 has none, so checks there are refused. */
    public static final String ACTUATOR_WORKER = "test-worker";
    private static final String ACTUATOR_HEARTBEAT = """
            INSERT INTO kube_actuator (cluster_name, worker, dry_run, heartbeat_at)
            VALUES ('cluster-01', '%s', false, now())
            ON CONFLICT (cluster_name) DO UPDATE SET worker = EXCLUDED.worker, dry_run = false, heartbeat_at = now()"""
            .formatted(ACTUATOR_WORKER);

    /**
     * Loads the fixture unless this database has it, and beats cluster-01's actuator as a running worker would: a
     * heartbeat older than two minutes means no actuator, and a test run lasts longer than that.
     */
    public static synchronized void load(Pool pool) {
        loadOnce(pool);
        pool.query(ACTUATOR_HEARTBEAT).execute().await().indefinitely();
    }

    private static void loadOnce(Pool pool) {
        boolean loaded = pool.query("SELECT 1 FROM metric_source WHERE name = 'fleet'").execute()
                .await().indefinitely().size() > 0;
        if (!loaded) {
            for (String file : FILES) {
                String sql = sql(file);
                if (sql != null) {
                    pool.query(sql).execute().await().indefinitely();
                }
            }
        }
    }

    /** The common fleet, then what a capability's tests add (each optional). */
    private static final List<String> FILES = List.of("/fixture.sql", "/fixture-fleet.sql", "/fixture-projects.sql",
            "/fixture-health.sql", "/fixture-statements.sql", "/fixture-vms.sql");

    private static String sql(String file) {
        try (InputStream in = Fixture.class.getResourceAsStream(file)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
