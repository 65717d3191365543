package org.aitelemetry.devkit.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetProject;
import org.aitelemetry.devkit.keycloak.DemoUser;

/**
 * The contacts file of the local run ({@code telemetry.reports.contacts}: {@code cluster,namespace,role,email,name}),
 * written from the demo fleet it starts, so that it names exactly its projects whatever the fleet's size: the demo
 * people for the projects of their groups that the fleet has (a researcher as PI, a manager as MANAGER, with the realm's addresses), and
 * a made-up PI for every other project, so that each project's statements and idle notices have someone to go to.
 */
final class DemoContacts {

    static final String HEADER = "cluster,namespace,role,email,name";
    private static final String GROUP_PREFIX = "/projects/";
    /** The domain of the demo people's addresses in keycloak/realm-ai-telemetry.json. */
    private static final String PEOPLE_DOMAIN = "example.org";

    private DemoContacts() {
    }

    static Path write(FleetDefinition fleet, Path file) throws IOException {
        return Files.write(file, lines(fleet));
    }

    static List<String> lines(FleetDefinition fleet) {
        Set<String> lines = new LinkedHashSet<>();
        lines.add(HEADER);
        Set<String> projects = new LinkedHashSet<>();
        fleet.projects().forEach(project -> projects.add(project.cluster() + "/" + project.namespace()));
        Set<String> named = new LinkedHashSet<>();
        for (DemoUser user : DemoUser.ALL) {
            String role = user.role().equals("researcher") ? "PI" : "MANAGER";
            for (String group : user.groups()) {
                String project = group.substring(GROUP_PREFIX.length());
                if (!projects.contains(project)) {
                    continue;
                }
                String[] parts = project.split("/", 2);
                lines.add(String.join(",", parts[0], parts[1], role, user.username() + "@" + PEOPLE_DOMAIN,
                        user.username()));
                if (role.equals("PI")) {
                    named.add(project);
                }
            }
        }
        for (FleetProject project : fleet.projects()) {
            if (!named.contains(project.cluster() + "/" + project.namespace())) {
                lines.add(String.join(",", project.cluster(), project.namespace(), "PI",
                        "pi." + project.namespace() + "@" + project.cluster() + ".example.org", "PI of "
                                + project.namespace()));
            }
        }
        return List.copyOf(lines);
    }
}
