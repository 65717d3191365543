package org.aitelemetry.worker.contact;

/** The SQL of {@code project_contact}. A load of an unchanged file writes no row. */
final class ContactSql {

    private ContactSql() {
    }

    /** Replicas starting together load one after the other. */
    static final String LOCK = "SELECT pg_advisory_xact_lock(hashtext('telemetry.contacts'))";

    static final String DELETE_OTHERS = """
            DELETE FROM project_contact c WHERE c.source = $1
            AND (c.cluster_name, c.namespace, c.role, c.email) NOT IN (
                SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]))""";

    static final String UPSERT = """
            INSERT INTO project_contact AS t (cluster_name, namespace, role, email, display_name, source)
            SELECT u.cluster_name, u.namespace, u.role, u.email, nullif(u.display_name, ''), $1
            FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
                 AS u(cluster_name, namespace, role, email, display_name)
            ON CONFLICT (cluster_name, namespace, role, email) DO UPDATE
            SET display_name = EXCLUDED.display_name, source = EXCLUDED.source
            WHERE (t.display_name, t.source) IS DISTINCT FROM (EXCLUDED.display_name, EXCLUDED.source)""";
}
