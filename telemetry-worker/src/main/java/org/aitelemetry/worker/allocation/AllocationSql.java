package org.aitelemetry.worker.allocation;

/** The SQL of ColdFront's refresh: what it says of the projects it lists, and giving back those it stopped listing. */
final class AllocationSql {

    private AllocationSql() {
    }

    /**
     * The listed namespaces' fields ($1–$7, a blank one keeps the stored value), from now on ColdFront's; projects are
     * found by cluster name and namespace, only those the sync made (namespaces using GPUs).
     */
    static final String APPLY = """
            UPDATE research_project p SET title = coalesce(u.title, p.title), pi = coalesce(u.pi, p.pi),
                allocation_id = coalesce(u.allocation_id, p.allocation_id),
                allocation_project_id = coalesce(u.allocation_project_id, p.allocation_project_id),
                field_of_science = coalesce(u.field_of_science, p.field_of_science), metadata_source = 'COLDFRONT',
                metadata_at = $8
            FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
                 AS u(cluster, namespace, title, pi, allocation_id, allocation_project_id, field_of_science)
            JOIN ai_cluster c ON c.name = u.cluster
            WHERE p.cluster_id = c.id AND p.namespace = u.namespace
              AND (p.title, p.pi, p.allocation_id, p.allocation_project_id, p.field_of_science, p.metadata_source)
                  IS DISTINCT FROM (coalesce(u.title, p.title), coalesce(u.pi, p.pi),
                   coalesce(u.allocation_id, p.allocation_id),
                   coalesce(u.allocation_project_id, p.allocation_project_id),
                   coalesce(u.field_of_science, p.field_of_science), 'COLDFRONT')""";

    /** Projects ColdFront no longer lists ($1, $2: those it lists) go back to their namespace's annotations. */
    static final String RELEASE = """
            UPDATE research_project p SET metadata_source = 'NAMESPACE', metadata_at = $3
            WHERE p.metadata_source = 'COLDFRONT'
              AND NOT EXISTS (SELECT 1 FROM unnest($1::text[], $2::text[]) AS k(cluster, namespace)
                              JOIN ai_cluster c ON c.name = k.cluster
                              WHERE c.id = p.cluster_id AND k.namespace = p.namespace)""";
}
