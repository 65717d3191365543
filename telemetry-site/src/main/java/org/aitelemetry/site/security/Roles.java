package org.aitelemetry.site.security;

/** The realm roles the site knows (contracts.md §7). */
public final class Roles {

    /** Sees and does everything. */
    public static final String ADMIN = "telemetry-admin";
    /** Sees the projects of their groups; may ask for project-wide health checks there. */
    public static final String MANAGER = "telemetry-manager";
    /** Sees the projects of their groups; may ask for health checks of their jobs. */
    public static final String RESEARCHER = "researcher";

    private Roles() {
    }
}
