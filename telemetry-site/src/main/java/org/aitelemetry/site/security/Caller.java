package org.aitelemetry.site.security;

import java.util.List;
import java.util.Set;
import org.aitelemetry.site.api.ProjectScope;

/**
 * Who is asking, as the API sees it: the token's subject and name, its telemetry roles, the projects its group paths
 * name and its e-mail address if Keycloak verified it (null otherwise). Every query that returns project data filters
 * by {@link #projects()} unless {@link #admin()}; a manager's statement is found by {@link #verifiedEmail()}.
 */
public record Caller(String subject, String username, Set<String> roles, Set<ProjectKey> projects,
        String verifiedEmail) implements ProjectScope {

    @Override
    public boolean admin() {
        return roles.contains(Roles.ADMIN);
    }

    public boolean manager() {
        return roles.contains(Roles.MANAGER);
    }

    /** True when the caller may see the project's data. */
    public boolean member(ProjectKey project) {
        return admin() || projects.contains(project);
    }

    /** The name recorded as the author of what the caller writes. */
    public String name() {
        return username != null ? username : subject;
    }

    /** The member projects' clusters, index-aligned with {@link #namespaces()}: SQL takes them as two arrays. */
    @Override
    public String[] clusters() {
        return sortedProjects().stream().map(ProjectKey::cluster).toArray(String[]::new);
    }

    @Override
    public String[] namespaces() {
        return sortedProjects().stream().map(ProjectKey::namespace).toArray(String[]::new);
    }

    private List<ProjectKey> sortedProjects() {
        return projects.stream().sorted((a, b) -> (a.cluster() + '/' + a.namespace())
                .compareTo(b.cluster() + '/' + b.namespace())).toList();
    }
}
