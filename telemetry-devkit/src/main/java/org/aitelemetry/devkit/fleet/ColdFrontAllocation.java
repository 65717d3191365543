package org.aitelemetry.devkit.fleet;

import java.util.List;
import java.util.Optional;

/**
 * What ColdFront's OpenShift plugin writes on a project namespace it made: the annotations {@code cf_project_id},
 * {@code cf_pi}, {@code openshift.io/display-name} and {@code openshift.io/requester} (the PI again), and the label
 * {@code nerc.mghpcc.org/project=true}. A namespace made by hand has none ({@link #of} gives empty for every fourth).
 *
 * @param projectId ColdFront's id of the project
 * @param pi        the PI's username
 * @param title     the project's display name
 */
public record ColdFrontAllocation(long projectId, String pi, String title) {

    private static final List<String> PIS = List.of("ada@bu.edu", "grace@harvard.edu", "alan@mit.edu",
            "barbara@northeastern.edu", "edsger@umass.edu", "frances@bu.edu", "john@harvard.edu");

    /** The allocation of a cluster's {@code index}-th project, as {@link FleetProject#namespace(int)} names it. */
    static Optional<ColdFrontAllocation> of(int index) {
        if (index % 4 == 3) {
            return Optional.empty();
        }
        String namespace = FleetProject.namespace(index);
        String area = namespace.substring(0, namespace.indexOf('-'));
        return Optional.of(new ColdFrontAllocation(1000L + index, PIS.get(index % PIS.size()),
                Character.toUpperCase(area.charAt(0)) + area.substring(1) + " lab " + (index + 1)));
    }
}
