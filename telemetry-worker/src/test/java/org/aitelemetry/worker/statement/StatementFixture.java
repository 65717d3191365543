package org.aitelemetry.worker.statement;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.model.statement.StatementPeriod;

/**
 * The rows a week of statements is made of, in 2031 so that no other test's rows fall in it: two clusters, projects
 * (renamed, MISSING, deleted, quiet), their PROJECT rollup rows as the rollup priced them, a GPU found FAILED after a
 * project's session on it, idle-GPU notices, and contacts.
 */
final class StatementFixture {

    /** ISO week 2031-W10: Monday 2031-03-03 to Monday 2031-03-10. */
    static final Period WEEK = Period.containing(StatementPeriod.WEEK, Instant.parse("2031-03-04T00:00:00Z"));
    private static final String MONDAY = "2031-03-03T10:00:00Z";
    private static final String WEDNESDAY = "2031-03-05T10:00:00Z";

    private final Pool pool;

    StatementFixture(Pool pool) {
        this.pool = pool;
    }

    /** @return project ids by namespace */
    Map<String, Long> insert() {
        long source = id("""
                INSERT INTO metric_source (name, url, auth_mode) VALUES ('statements', 'http://prometheus.invalid',
                  'NONE') RETURNING id""");
        long prod = id("INSERT INTO ai_cluster (source_id, name) VALUES ($1, 'stmt-prod') RETURNING id", source);
        long lab = id("INSERT INTO ai_cluster (source_id, name) VALUES ($1, 'stmt-lab') RETURNING id", source);
        Map<String, Long> projects = new HashMap<>();
        projects.put("nlp", project(prod, "nlp", "NLP lab", "PRESENT"));
        projects.put("vision", project(prod, "vision", "Vision", "PRESENT"));
        projects.put("old", project(prod, "old", null, "MISSING"));
        projects.put("gone", project(prod, "gone", "Gone", "PRESENT"));
        projects.put("quiet", project(prod, "quiet", "Quiet", "PRESENT"));
        projects.put("rl", project(lab, "rl", "<b>RL</b> & co", "PRESENT"));

        // Allocated, used, idle GPU-seconds, joules, cost on both bases, as the rollup priced each hour.
        row(projects.get("nlp"), prod, MONDAY, 3600, 1800, 0, 3.6e6, "4.15", "2.15");
        row(projects.get("nlp"), prod, WEDNESDAY, 3600, 3600, 0, 0, "5.00", "5.00");
        row(projects.get("nlp"), prod, "2031-02-28T23:00:00Z", 3600, 3600, 0, 0, "100", "100");
        row(projects.get("vision"), prod, MONDAY, 7200, 720, 3600, 0, "8.00", "0.80");
        row(projects.get("old"), prod, MONDAY, 3600, 3600, 0, 0, "4.00", "4.00");
        row(projects.get("gone"), prod, MONDAY, 10800, 10800, 0, 0, "12.00", "12.00");
        row(projects.get("rl"), lab, MONDAY, 3600, 3600, 0, 0, "2.00", "2.00");
        // Idle-GPU notices: in the week (nlp; rl, another manager's; one of a deleted project named like vision, whose
        // row is gone; the deleted project "gone"'s), and vision's own in the week before.
        notice(projects.get("nlp"), "stmt-prod", "nlp", "2031-03-05T06:00:00Z", "GPU-idle-nlp");
        notice(projects.get("rl"), "stmt-lab", "rl", "2031-03-06T06:00:00Z", "GPU-idle-rl");
        notice(null, "stmt-prod", "vision", "2031-03-07T06:00:00Z", "GPU-idle-vision-before");
        notice(projects.get("gone"), "stmt-prod", "gone", "2031-03-08T06:00:00Z", "GPU-idle-gone");
        notice(projects.get("vision"), "stmt-prod", "vision", "2031-03-01T06:00:00Z", "GPU-idle-vision-early");
        execute("UPDATE research_project SET title = 'Vision (renamed)' WHERE id = $1", projects.get("vision"));
        execute("UPDATE research_project SET pi = 'ada@bu.edu', institution = 'Boston University',"
                + " allocation_id = 'ALLOC-9' WHERE id = $1", projects.get("nlp"));
        execute("DELETE FROM research_project WHERE id = $1", projects.get("gone"));

        long node = id("INSERT INTO ai_node (cluster_id, name) VALUES ($1, 'node-1') RETURNING id", prod);
        long h100 = id("""
                INSERT INTO gpu (product_name) VALUES ('NVIDIA H100 80GB HBM3')
                ON CONFLICT (product_name) DO UPDATE SET product_name = EXCLUDED.product_name RETURNING id""");
        execute("INSERT INTO gpu_device (uuid, node_id, gpu_id) VALUES ('GPU-stmt-1', $1, $2), ('GPU-stmt-2', $1, $2)",
                node, h100);
        // Ten hours on GPU-stmt-1 before it failed; a session long before is outside the credit window.
        session(projects.get("nlp"), "GPU-stmt-1", "2031-03-04T02:00:00Z", "2031-03-04T12:00:00Z");
        session(projects.get("nlp"), "GPU-stmt-1", "2031-02-25T02:00:00Z", "2031-02-25T12:00:00Z");
        session(projects.get("vision"), "GPU-stmt-2", "2031-02-20T02:00:00Z", "2031-02-20T12:00:00Z");
        failure("GPU-stmt-1", "2031-03-04T12:00:00Z");
        failure("GPU-stmt-2", "2031-03-05T12:00:00Z");

        contact("stmt-prod", "nlp", "PI", "ada@example.org", "Ada");
        contact("stmt-prod", "nlp", "MANAGER", "boss@example.org", "Big Boss");
        contact("stmt-prod", "vision", "MANAGER", "boss@example.org", "Big Boss");
        contact("stmt-prod", "vision", "PI", "vic@example.org", null);
        contact("stmt-prod", "quiet", "PI", "q@example.org", null);
        contact("stmt-lab", "rl", "MANAGER", "other@example.org", "Other");
        return projects;
    }

    private long project(long cluster, String namespace, String title, String state) {
        return id("INSERT INTO research_project (cluster_id, namespace, title, state) VALUES ($1, $2, $3, $4) "
                + "RETURNING id", cluster, namespace, title, state);
    }

    private void row(long project, long cluster, String hour, double allocated, double used, double idle,
            double joules, String cost, String usageCost) {
        // Hourly rollups are partitioned by month: the rollup makes the month of each hour it writes, and so does this.
        execute("SELECT ensure_month_partition('usage_rollup'::regclass, $1)", time(hour));
        execute("""
                INSERT INTO usage_rollup (entity_kind, entity_id, hour, cluster_id, gpu_seconds_allocated,
                  gpu_seconds_used, idle_gpu_seconds, energy_joules, cost, usage_basis_cost)
                VALUES ('PROJECT', $1, $2, $3, $4, $5, $6, $7, $8, $9)""",
                project, time(hour), cluster, allocated, used, idle, joules, new BigDecimal(cost),
                new BigDecimal(usageCost));
    }

    /** A notice of 8 idle hours of one GPU, made at {@code at}; the project null when its row was deleted before. */
    private void notice(Long project, String cluster, String namespace, String at, String gpu) {
        OffsetDateTime noticed = time(at);
        long notice = id("""
                INSERT INTO idle_notice (project_id, cluster_name, namespace, idle_from, idle_until, gpu_count,
                  idle_gpu_hours, cost_wasted, currency, mailed_to, noticed_at)
                VALUES ($1, $2, $3, $4, $5, 1, 8, 12.5, 'EUR', 0, $6) RETURNING id""",
                project, cluster, namespace, noticed.minusHours(9), noticed.minusHours(1), noticed);
        execute("""
                INSERT INTO idle_notice_gpu (notice_id, entity_kind, entity_id, gpu_uuid, idle_from, idle_until,
                  idle_gpu_hours, cost_wasted, label)
                VALUES ($1, 'DEVICE', $1, $2, $3, $4, 8, 12.5, $2)""", notice, gpu, noticed.minusHours(9),
                noticed.minusHours(1));
    }

    private void session(long project, String gpu, String from, String to) {
        execute("""
                INSERT INTO usage_session (fingerprint, starts_at, ends_at, state, close_reason, alert_name, labels,
                  gpu_uuid, project_id, trace_id, span_id)
                VALUES ($1, $2, $3, 'FINAL', 'RESOLVED', 'GpuInUse', '{}', $4, $5,
                  '0123456789abcdef0123456789abcdef', '0123456789abcdef')""",
                UUID.randomUUID().toString().substring(0, 16), time(from), time(to), gpu, project);
    }

    private void failure(String gpu, String at) {
        execute("""
                INSERT INTO gpu_failure (board, gpu_uuid, cluster, node, run_id, failed_at)
                VALUES ('board', $1, 'stmt-prod', 'node-1', $2, $3)""", gpu, UUID.randomUUID(), time(at));
    }

    private void contact(String cluster, String namespace, String role, String email, String name) {
        execute("""
                INSERT INTO project_contact (cluster_name, namespace, role, email, display_name, source)
                VALUES ($1, $2, $3, $4, $5, 'statement-test')""", cluster, namespace, role, email, name);
    }

    private static OffsetDateTime time(String instant) {
        return Instant.parse(instant).atOffset(ZoneOffset.UTC);
    }

    private long id(String sql, Object... parameters) {
        return pool.preparedQuery(sql).execute(Tuple.from(parameters)).await().atMost(Duration.ofSeconds(30))
                .iterator().next().getLong(0);
    }

    private void execute(String sql, Object... parameters) {
        pool.preparedQuery(sql).execute(Tuple.from(parameters)).await().atMost(Duration.ofSeconds(30));
    }
}
