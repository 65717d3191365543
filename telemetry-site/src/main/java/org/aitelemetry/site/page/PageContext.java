package org.aitelemetry.site.page;

import java.util.List;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.ProjectKey;
import org.aitelemetry.site.security.Roles;

/** What every page's frame shows: who is signed in, with which roles and projects, and where in the site they are. */
public record PageContext(String title, Section section, String user, List<String> roles, List<ProjectKey> projects,
        boolean admin) {

    /** The navigation entries, in the order the header lists them. */
    public enum Section {
        FLEET("Fleet", "/pages/fleet"),
        VIRTUAL_MACHINES("Virtual machines", "/pages/virtual-machines"),
        PROJECTS("Projects", "/pages/projects"),
        HEALTH("Health", "/pages/health"),
        JOB_HEALTH("Job health", "/pages/job-health"),
        STATEMENTS("Statements", "/pages/statements");

        private final String label;
        private final String path;

        Section(String label, String path) {
            this.label = label;
            this.path = path;
        }

        public String label() {
            return label;
        }

        public String path() {
            return path;
        }
    }

    public static PageContext of(Caller caller, String title, Section section) {
        List<String> roles = caller.roles().stream().sorted().toList();
        List<ProjectKey> projects = caller.projects().stream()
                .sorted((a, b) -> (a.cluster() + '/' + a.namespace()).compareTo(b.cluster() + '/' + b.namespace()))
                .toList();
        return new PageContext(title, section, caller.name(), roles, projects, caller.roles().contains(Roles.ADMIN));
    }

    public List<Section> sections() {
        return List.of(Section.values());
    }

    /** How the header describes the caller's reach: admins see every project, others their own. */
    public String scope() {
        return admin ? "every project" : projects.size() + (projects.size() == 1 ? " project" : " projects");
    }
}
