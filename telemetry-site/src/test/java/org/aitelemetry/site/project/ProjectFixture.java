package org.aitelemetry.site.project;

/** Ids of what fixture-projects.sql adds to the common fixture for the project and session tests. */
public final class ProjectFixture {

    /** cluster-02/archive-005: inactive and MISSING; no one's but an admin's. */
    public static final long ARCHIVED_PROJECT = 5001;
    /** A final session in cluster-01/nlp-001 that the worker could not link to the project. */
    public static final long OWN_UNLINKED_SESSION = 5001;
    /** The same, in the twin namespace cluster-02/nlp-001. */
    public static final long TWIN_UNLINKED_SESSION = 5002;

    private ProjectFixture() {
    }
}
