package org.aitelemetry.devkit.keycloak;

import java.util.List;

/** A person of the product realm's demo data, who logs in to the site with a dev-only password. */
public record DemoUser(String username, String password, String role, List<String> groups) {

    public static final DemoUser ADA = new DemoUser("ada", "dev-only-ada-password", "researcher",
            List.of("/projects/cluster-01/nlp-001"));
    public static final DemoUser GRACE = new DemoUser("grace", "dev-only-grace-password", "telemetry-manager",
            List.of("/projects/cluster-01/nlp-001", "/projects/cluster-01/vision-002"));
    public static final DemoUser MARGARET = new DemoUser("margaret", "dev-only-margaret-password", "telemetry-admin",
            List.of());

    public static final List<DemoUser> ALL = List.of(ADA, GRACE, MARGARET);
}
